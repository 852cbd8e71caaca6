/**
 * `npm run build` (and `prepare`): src/ to dist/ (tsc), and the console page's browser code
 * (src/console/page/) bundled by esbuild into dist/console/page.js, built beside dist/ and swapped
 * in file by file (scripts/build-dist.ts), so a command running meanwhile never finds dist/ missing.
 * `--incremental`: emit only what changed since the last build.
 */
import { join } from 'node:path';
import { buildDist } from './build-dist.ts';

const built = buildDist(join(import.meta.dirname, '..'), { incremental: process.argv.includes('--incremental') });
if (!built.ok) {
  process.stderr.write(`${built.output}\nbuild failed: dist/ is left as it was\n`);
  process.exitCode = 1;
}
