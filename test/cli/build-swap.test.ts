/**
 * A build never leaves dist/ missing: `npm run build` (what `prepare` runs, so what a second
 * `npx catalog-sync` in the checkout runs) replaces dist/ in a copy of the checkout while the CLI
 * runs there over and over; every run finds its modules and checks the sample sheet.
 */
import { spawn } from 'node:child_process';
import { cp, readdir, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { useTempDir } from '../helpers/use-world.ts';
import { childRun } from '../helpers/child-run.ts';

const ROOT = join(import.meta.dirname, '../..');

const tmp = useTempDir('build-swap', { once: true });

beforeAll(async () => {
  for (const part of ['package.json', 'tsconfig.json', 'tsconfig.build.json', 'src', 'bin', 'scripts', 'templates'])
    await cp(join(ROOT, part), join(tmp.dir, part), { recursive: true });
  await cp(join(ROOT, 'dist'), join(tmp.dir, 'dist'), { recursive: true }); // built by the global setup
  await symlink(join(ROOT, 'node_modules'), join(tmp.dir, 'node_modules'), 'dir');
});

interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

async function run(command: string, args: string[]): Promise<Ran> {
  const child = spawn(command, args, {
    cwd: tmp.dir,
    env: { ...process.env, LOG_LEVEL: 'silent' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return childRun(child);
}

// The build type-checks all of src/ (15-22 s of CPU): 73-104 s of wall time at load 17-25, past the
// suite's 120 s at load 30 or more. What the test asserts does not depend on how long it takes.
const BUILD_LIMIT_MS = 400_000;

it('the CLI runs, whole, all the while `npm run build` replaces dist/', { timeout: BUILD_LIMIT_MS }, async () => {
  let building = true;
  const build = run('npm', ['run', 'build']).finally(() => (building = false));
  const runs: Ran[] = [];
  while (building)
    runs.push(await run(process.execPath, ['bin/catalog-sync.js', 'validate', 'templates/sample-products.csv']));

  const built = await build;
  expect(built.code, built.stdout + built.stderr).toBe(0);
  // Runs started while the build ran; a build takes seconds, a run a fraction of one.
  expect(runs.length).toBeGreaterThanOrEqual(3);
  for (const ran of runs) {
    expect({ code: ran.code, stderr: ran.stderr }).toEqual({ code: 0, stderr: '' });
    expect(ran.stdout).toContain('valid: every row can be sent');
  }
  expect((await readdir(tmp.dir)).filter((name) => name.startsWith('dist.next-'))).toEqual([]);
});
