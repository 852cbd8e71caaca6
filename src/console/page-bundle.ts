/**
 * The page's script: src/console/page/ (TypeScript for the browser), bundled by esbuild into one
 * file. `npm run build` writes it beside the compiled console (dist/console/page.js,
 * scripts/build-dist.ts); running from source (tsx, the tests) bundles it in memory the first time
 * the page asks, in some tens of milliseconds. esbuild is a dev dependency: an installed
 * catalog-sync serves the built file and never loads it.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { BuildOptions } from 'esbuild';

/** The built file's name, beside this module in dist/console/. */
export const PAGE_ASSET = 'page.js';

/** How the page is bundled, at build time and from source alike. */
export function pageBundleOptions(root: string): BuildOptions {
  return {
    entryPoints: [join(root, 'src', 'console', 'page', 'main.ts')],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    // Browsers of the last few years: Intl.ListFormat, <dialog> and optional chaining are the page's needs.
    target: ['chrome100', 'firefox100', 'safari15.4'],
    charset: 'utf8',
    legalComments: 'none',
    minify: true,
    sourcemap: false,
  };
}

let script: Promise<string> | null = null;

/** The page's script: the built file, or (from source) a bundle made once per process. */
export function pageScript(): Promise<string> {
  script ??= readFile(join(import.meta.dirname, PAGE_ASSET), 'utf8').catch(async (error: unknown) => {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    return bundleFromSource();
  });
  // A failure is not kept: the next request tries again.
  script.catch(() => {
    script = null;
  });
  return script;
}

async function bundleFromSource(): Promise<string> {
  const root = join(import.meta.dirname, '..', '..');
  const esbuild = await import('esbuild').catch(() => {
    throw new Error(`the page's script is not built (${PAGE_ASSET} beside the console): run npm run build`);
  });
  const built = await esbuild.build({ ...pageBundleOptions(root), write: false });
  const file = built.outputFiles?.[0];
  if (!file) throw new Error('esbuild wrote no page script');
  return file.text;
}
