/**
 * Compiles src/ to dist/ (and bundles the console page's script, src/console/page-bundle.ts) so
 * that dist/ is never missing or half-written: a command started meanwhile (a second
 * `npx catalog-sync`, whose `prepare` rebuilds) still finds every module.
 * tsc writes the new build beside dist/ (dist.next-<pid>/, same depth, so an incremental build
 * info stays valid there), then each file is renamed into dist/ (a rename replaces a file at
 * once), and files the new build no longer has go last. A failed compile leaves dist/ as it was.
 *
 * incremental: start from a copy of dist/ and its .tsbuildinfo, so tsc emits only what changed
 * (the tests' global setup); otherwise the build is clean (`npm run build`, `prepare`).
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { buildSync } from 'esbuild';
import { PAGE_ASSET, pageBundleOptions } from '../src/console/page-bundle.ts';

const BUILD_INFO = '.tsbuildinfo';
const NEXT = 'dist.next-';

export interface BuildResult {
  ok: boolean;
  /** tsc's output when it failed. */
  output: string;
}

export function buildDist(root: string, { incremental = false } = {}): BuildResult {
  const dist = join(root, 'dist');
  const next = join(root, `${NEXT}${process.pid}`);
  removeAbandoned(root);
  rmSync(next, { recursive: true, force: true });
  if (incremental && existsSync(dist)) cpSync(dist, next, { recursive: true });
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  const args = [tsc, '-p', 'tsconfig.build.json', '--outDir', next, '--tsBuildInfoFile', join(next, BUILD_INFO)];
  const compiled = spawnSync(process.execPath, args, { cwd: root, encoding: 'utf8' });
  if (compiled.status !== 0) {
    rmSync(next, { recursive: true, force: true });
    return { ok: false, output: `${compiled.stdout}${compiled.stderr}${compiled.error?.message ?? ''}` };
  }
  // The console's page script (TypeScript for the browser, not compiled by tsc): bundled beside it.
  try {
    buildSync({ ...pageBundleOptions(root), outfile: join(next, 'console', PAGE_ASSET), logLevel: 'silent' });
  } catch (error) {
    rmSync(next, { recursive: true, force: true });
    return { ok: false, output: `the page's script: ${(error as Error).message}` };
  }
  const built = filesUnder(next);
  mkdirSync(dist, { recursive: true });
  // The build info last: until then dist/'s own says what dist/ held.
  for (const file of [...built.filter((f) => f !== BUILD_INFO), BUILD_INFO]) {
    mkdirSync(dirname(join(dist, file)), { recursive: true });
    renameSync(join(next, file), join(dist, file));
  }
  const kept = new Set(built);
  for (const file of filesUnder(dist)) if (!kept.has(file)) rmSync(join(dist, file), { force: true });
  removeEmptyFolders(dist);
  rmSync(next, { recursive: true, force: true });
  return { ok: true, output: '' };
}

/** Paths of the files under `dir`, relative to it. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1));
}

function removeEmptyFolders(dir: string): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const folder = join(dir, entry.name);
    removeEmptyFolders(folder);
    if (readdirSync(folder).length === 0) rmSync(folder, { recursive: true });
  }
}

/** dist.next-<pid>/ of a build that was killed (its process is gone). */
function removeAbandoned(root: string): void {
  for (const name of readdirSync(root)) {
    if (!name.startsWith(NEXT)) continue;
    const pid = Number(name.slice(NEXT.length));
    if (Number.isInteger(pid) && pid !== process.pid && !alive(pid))
      rmSync(join(root, name), { recursive: true, force: true });
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
