/**
 * The page's script as an installed catalog-sync serves it: `npm run build` (here the processes
 * project's global setup, test/helpers/build-dist.ts) bundles src/console/page/ into
 * dist/console/page.js, and the built console reads that file; from the sources the console
 * bundles the same script in memory (src/console/page-bundle.ts).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, it } from 'vitest';
import { pageScript } from '../../src/console/page-bundle.ts';

const BUILT = join(process.cwd(), 'dist', 'console', 'page-bundle.js');

it('serves from dist/ the very script the sources bundle to, with no TypeScript left in it', async () => {
  const built = (await import(pathToFileURL(BUILT).href)) as { pageScript: () => Promise<string> };
  const fromDist = await built.pageScript();
  expect(fromDist).toBe(await readFile(join(process.cwd(), 'dist', 'console', 'page.js'), 'utf8'));
  expect(fromDist).toBe(await pageScript());
  // One bundle: no import left for the browser to fetch.
  expect(fromDist).not.toMatch(/\bimport\s*[{*("']/);
  expect(fromDist).toContain('the page has no #');
});
