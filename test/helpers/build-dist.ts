/**
 * Global setup of the tests that spawn the CLI: they run bin/catalog-sync.js as users do, which
 * runs dist/. Building first (incrementally: only what changed is emitted) means they never run
 * a dist/ older than the sources.
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';

export default function buildDist(): void {
  const root = join(import.meta.dirname, '../..');
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  const built = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { cwd: root, encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`npm run build failed before the CLI tests:\n${built.stdout}${built.stderr}`);
}
