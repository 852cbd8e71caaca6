/**
 * `watch --alive-file`, what docker-compose.yml's health check of the watcher reads: that very
 * check (its `node -e` script, pointed at this test's file) passes while the watcher runs, the
 * file being written again every few seconds, and fails once the watcher has stopped on SIGTERM.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'yaml';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { startWorld, type World } from './helpers.ts';
import { until } from '../helpers/until.ts';

const ROOT = join(import.meta.dirname, '../..');
const BIN = join(ROOT, 'bin/catalog-sync.js');
let world: World;
let child: ChildProcess | undefined;

beforeEach(async () => {
  world = await startWorld();
});

afterEach(async () => {
  child?.kill('SIGKILL');
  await world.close();
});

interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

function watch(args: string[]): { child: ChildProcess; output: () => string; exited: Promise<Ran> } {
  const env = {
    ...process.env,
    STORE_URL: world.sandbox.url,
    STORE_EMAIL: world.sandbox.email,
    STORE_PASSWORD: world.sandbox.password,
    REPORT_DIR: world.reportDir,
    LOG_LEVEL: 'silent',
  };
  const started = spawn(process.execPath, [BIN, 'watch', '--dir', join(world.dir, 'drop'), ...args], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  started.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  started.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = once(started, 'exit').then(([code]) => ({ code: code as number | null, stdout, stderr }));
  return { child: started, output: () => stdout, exited };
}

/** docker-compose.yml's health check of the watcher, run against `file` instead of its path. */
async function composeHealthCheck(file: string): Promise<number | null> {
  const compose = parse(await readFile(join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
    services: { watcher: { command: string[]; healthcheck: { test: string[] } } };
  };
  const { command, healthcheck } = compose.services.watcher;
  const path = command[command.indexOf('--alive-file') + 1]!;
  const [, program, flag, script] = healthcheck.test;
  expect([program, flag]).toEqual(['node', '-e']);
  const check = spawn(process.execPath, ['-e', script!.replaceAll(path, file)], { stdio: 'ignore' });
  const [code] = (await once(check, 'exit')) as [number | null];
  return code;
}

it('the health check passes while the watcher runs and fails once it has stopped', async () => {
  const file = join(world.dir, 'watch.alive');
  const watcher = watch(['--alive-file', file]);
  child = watcher.child;
  await until(() => watcher.output().includes('watching'), 'the watcher to say it is watching');
  expect(await composeHealthCheck(file)).toBe(0);

  const first = (await stat(file)).mtimeMs;
  await until(async () => (await stat(file)).mtimeMs > first, 'the alive file to be written again');
  expect(await composeHealthCheck(file)).toBe(0);

  child.kill('SIGTERM');
  expect((await watcher.exited).code).toBe(0);
  expect(await composeHealthCheck(file)).toBe(1);
});

it('an alive file it cannot write stops watch at once, naming it (exit 2)', async () => {
  const file = join(world.dir, 'no-such-folder', 'watch.alive');
  const watcher = watch(['--alive-file', file]);
  child = watcher.child;
  const ran = await watcher.exited;
  expect(ran.code).toBe(2);
  expect(ran.stderr).toContain(`--alive-file: cannot write ${file} (ENOENT)`);
});
