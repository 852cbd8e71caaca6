/**
 * `catalog-sync watch` (the real CLI) stopped with SIGTERM mid-file. With Redis, while Redis is
 * down: it exits within its grace period plus the seconds its connections get to close, never
 * waiting for Redis; the file stays in processing/ (not failed/, not done/), and once Redis is
 * back a new watcher resumes it: every row ends once, nothing is created twice. Without Redis:
 * the batch cut short winds down and writes its report whole before the process ends.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { PrivateRedis } from '../sync/helpers/processes.ts';
import { until } from '../helpers/until.ts';
import { createCount, productCsv, startWorld, type World } from './helpers.ts';

const BIN = join(import.meta.dirname, '../../bin/catalog-sync.js');
const ROWS = 120;
const GRACE_MS = 2_000;
/** What a service adds to its grace period for its connections (cli/run/worker.ts CLOSE_MS)... */
const CLOSE_MS = 5_000;
/** ...and a margin for a loaded machine: the fault would be a watcher still alive minutes later. */
const SLACK_MS = 10_000;

interface Running {
  child: ChildProcess;
  all(): string;
  exit: Promise<number | null>;
}

let world: World;
let server: PrivateRedis;
const children: ChildProcess[] = [];
let env: Record<string, string>;
let root: string;

beforeEach(async () => {
  world = await startWorld({ latencyMs: 40 });
  server = await PrivateRedis.start();
  root = join(world.dir, 'drop');
  env = {
    PATH: process.env.PATH ?? '',
    HOME: world.dir,
    STORE_URL: world.sandbox.url,
    STORE_EMAIL: world.sandbox.email,
    STORE_PASSWORD: world.sandbox.password,
    REDIS_URL: server.url,
    QUEUE_PREFIX: `test-watch-down-${randomUUID()}`,
    REPORT_DIR: world.reportDir,
    RATE: '20',
    CONCURRENCY: '4',
    LOG_LEVEL: 'info',
  };
});

afterEach(async () => {
  for (const child of children.splice(0))
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await server.stop();
  await world.close();
});

function start(args: string[]): Running {
  const child = spawn(process.execPath, [BIN, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let all = '';
  child.stdout.on('data', (d: Buffer) => (all += d.toString()));
  child.stderr.on('data', (d: Buffer) => (all += d.toString()));
  const exit = once(child, 'exit').then(([code]) => code as number | null);
  return { child, all: () => all, exit };
}

async function startWatch(): Promise<Running> {
  const watch = start(['watch', '--dir', root, '--settle-ms', '200', '--grace-ms', String(GRACE_MS)]);
  await until(() => watch.all().includes('watching '), 'the watcher to say it is watching');
  return watch;
}

it('a busy watcher sent SIGTERM while Redis is down exits within its grace period; the next one ends every row once', async () => {
  const worker = start(['worker', '--grace', '2']);
  await until(() => worker.all().includes('worker started'), 'the worker to start');
  const watch = await startWatch();
  const barcodes = Array.from({ length: ROWS }, (_, i) => `down-${i}`);
  await writeFile(join(root, 'inbox', 'big.csv'), productCsv(barcodes));
  await until(() => createCount(world.sandbox) >= 10, '10 creates');

  await server.crash();
  const stoppedAt = Date.now();
  watch.child.kill('SIGTERM');
  let exited = false;
  void watch.exit.then(() => (exited = true));
  await until(() => exited, 'the watcher to exit', { timeoutMs: GRACE_MS + CLOSE_MS + SLACK_MS }).catch(
    (error: Error) => {
      throw new Error(`${error.message}\n--- watch:\n${watch.all()}`);
    },
  );
  expect((Date.now() - stoppedAt) / 1000, watch.all()).toBeGreaterThanOrEqual(GRACE_MS / 1000);
  expect(await watch.exit, watch.all()).toBe(0);
  // Not failed, not done: left for the next watcher.
  expect(await readdir(join(root, 'failed'))).toEqual([]);
  expect(await readdir(join(root, 'done'))).toEqual([]);
  expect(await readdir(join(root, 'processing'))).toEqual([expect.stringMatching(/--big\.csv$/)]);

  await server.up();
  const next = await startWatch();
  await until(
    async () => (await readdir(join(root, 'done'))).some((name) => name.endsWith('big.csv')),
    'big.csv done',
    {
      timeoutMs: 120_000,
    },
  ).catch((error: Error) => {
    throw new Error(`${error.message}\n--- watch:\n${next.all()}\n--- worker:\n${worker.all()}`);
  });
  const made = world.sandbox.products().map((p) => String(p.fields.barcode));
  expect(new Set(made).size).toBe(made.length); // nothing created twice
  expect(new Set(made)).toEqual(new Set(barcodes));
}, 240_000);

it('without Redis, a watcher sent SIGTERM mid-file lets the batch wind down: its report is written whole, the file stays for the next watcher', async () => {
  delete env.REDIS_URL;
  env.LEDGER_FILE = join(world.dir, 'ledger', 'ledger.jsonl');
  const watch = await startWatch();
  await writeFile(join(root, 'inbox', 'big.csv'), productCsv(Array.from({ length: ROWS }, (_, i) => `local-${i}`)));
  await until(() => createCount(world.sandbox) >= 10, '10 creates');
  watch.child.kill('SIGTERM');
  expect(await watch.exit, watch.all()).toBe(0);
  expect(await readdir(join(root, 'processing'))).toEqual([expect.stringMatching(/--big\.csv$/)]);
  const [batch] = await readdir(world.reportDir);
  const files = await readdir(join(world.reportDir, batch!));
  expect(files).toContain('summary.json');
  expect(files.filter((name) => name.endsWith('.tmp'))).toEqual([]);
});
