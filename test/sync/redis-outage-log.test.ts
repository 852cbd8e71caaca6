/**
 * While Redis is down, a worker and an import waiting on the queue (the real CLI) each log one
 * clear line for the outage and one when Redis is back, and never an ioredis "Unhandled error
 * event" or a stack trace: every connection, the rate gate's and BullMQ's included, has a handler.
 */
import { randomUUID } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { engineKeys, storePrefix } from '../../src/sync/queue/keys.ts';
import { kill, PrivateRedis } from './helpers/processes.ts';
import { startWorld, type World } from './helpers/world.ts';
import { until } from '../helpers/until.ts';

const BIN = join(import.meta.dirname, '../../bin/catalog-sync.js');
const ROWS = 80;

let world: World;
let server: PrivateRedis;
const children: ChildProcess[] = [];

beforeEach(async () => {
  world = await startWorld({ latencyMs: 20 });
  server = await PrivateRedis.start();
});
afterEach(async () => {
  for (const child of children.splice(0)) await kill(child, 'SIGKILL');
  await server.stop();
  await world.close();
});

function cli(args: string[], env: Record<string, string>): { child: ChildProcess; stderr: () => string } {
  const child = spawn(process.execPath, [BIN, ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let err = '';
  child.stderr?.on('data', (d: Buffer) => (err += d.toString()));
  child.stdout?.resume();
  return { child, stderr: () => err };
}

function lines(text: string, pattern: RegExp): string[] {
  return text.split('\n').filter((line) => pattern.test(line));
}

it('a Redis outage is one log line per process, and its end another; no stack traces', async () => {
  const prefix = `test-${randomUUID()}`;
  const env = {
    REDIS_URL: server.url,
    QUEUE_PREFIX: prefix,
    STORE_URL: world.sandbox.url,
    STORE_EMAIL: world.sandbox.email,
    STORE_PASSWORD: world.sandbox.password,
    RATE: '10',
    CONCURRENCY: '4',
    LOG_LEVEL: 'info',
    REPORT_DIR: join(world.dir, 'reports'),
    JOBS_DIR: join(world.dir, 'no-jobs'),
  };
  const rows = Array.from({ length: ROWS }, (_, i) => `Item ${i},2,${10 + i},RO${i}`);
  const file = await world.sheet('outage.csv', ['title,category,sale_price,barcode', ...rows]);
  const worker = cli(['worker', '--grace', '5'], env);
  await until(() => worker.stderr().includes('worker started'), 'the worker to start');
  const importing = cli(['import', file, '--queue', 'redis'], env);
  const exited = once(importing.child, 'exit');

  const watcher = new Redis(server.url, { maxRetriesPerRequest: null, retryStrategy: () => 50, lazyConnect: true });
  watcher.on('error', () => undefined);
  await watcher.connect();
  await until(async () => {
    const [batchId] = await watcher.zrange(engineKeys(storePrefix(prefix, world.store)).batches, '0', '-1');
    return (
      batchId !== undefined && (await watcher.hlen(engineKeys(storePrefix(prefix, world.store)).results(batchId))) >= 10
    );
  }, '10 row results');

  await server.crash();
  const shown = () => `\n--- worker:\n${worker.stderr()}\n--- import:\n${importing.stderr()}`;
  await until(
    () => /is unreachable/.test(worker.stderr()) && /is unreachable/.test(importing.stderr()),
    'both processes to report the outage',
    { timeoutMs: 30_000 },
  ).catch((error: Error) => {
    throw new Error(`${error.message}${shown()}`);
  });
  await server.up();
  const [code] = (await exited) as [number | null];
  watcher.disconnect();
  expect(code).toBe(0);
  await until(() => /reachable again/.test(worker.stderr()), 'the worker to report the recovery');

  for (const [name, text] of [
    ['worker', worker.stderr()],
    ['import', importing.stderr()],
  ] as const) {
    expect(text, name).not.toContain('Unhandled error event');
    expect(lines(text, /^\s+at /), name).toEqual([]);
    expect(lines(text, /is unreachable/), name).toHaveLength(1);
    expect(lines(text, /reachable again after/), name).toHaveLength(1);
    expect(text, name).not.toContain(world.sandbox.password);
  }
});
