/**
 * Global setup of the tests that spawn the CLI: they run bin/catalog-sync.js as users do, which
 * runs dist/. Building first (incrementally: only what changed is emitted, beside dist/ and then
 * swapped in, as `npm run build` does) means they never run a dist/ older than the sources.
 */
import { join } from 'node:path';
import { buildDist } from '../../scripts/build-dist.ts';

export default function buildBeforeCliTests(): void {
  const built = buildDist(join(import.meta.dirname, '../..'), { incremental: true });
  if (!built.ok) throw new Error(`the build failed before the CLI tests:\n${built.output}`);
}
