/**
 * While Redis is down, a worker and an import waiting on the queue (the real CLI) each log one
 * clear line for the outage and one when Redis is back, and never an ioredis "Unhandled error
 * event" or a stack trace: every connection, the rate gate's and BullMQ's included, has a handler.
 */
import { Redis } from 'ioredis';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { engineKeys, storePrefix } from '../../src/sync/queue/keys.ts';
import { useCliWorld } from './helpers/cli-world.ts';
import { PrivateRedis } from './helpers/processes.ts';
import { until } from '../helpers/until.ts';

const ROWS = 80;

const t = useCliWorld({ latencyMs: 20 });
let server: PrivateRedis;

beforeEach(async () => {
  server = await PrivateRedis.start();
});
afterEach(async () => {
  await server.stop();
});

function lines(text: string, pattern: RegExp): string[] {
  return text.split('\n').filter((line) => pattern.test(line));
}

it('a Redis outage is one log line per process, and its end another; no stack traces', async () => {
  const { world, prefix } = t;
  const changes = { REDIS_URL: server.url, RATE: '10', CONCURRENCY: '4', LOG_LEVEL: 'info' };
  const rows = Array.from({ length: ROWS }, (_, i) => `Item ${i},2,${10 + i},RO${i}`);
  const file = await world.sheet('outage.csv', ['title,category,sale_price,barcode', ...rows]);
  const worker = await t.startWorker(changes);
  const importing = t.cli(['import', file, '--queue', 'redis'], changes);

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
  const shown = () => `\n--- worker:\n${worker.err()}\n--- import:\n${importing.err()}`;
  await until(
    () => /is unreachable/.test(worker.err()) && /is unreachable/.test(importing.err()),
    'both processes to report the outage',
    { timeoutMs: 30_000 },
  ).catch((error: Error) => {
    throw new Error(`${error.message}${shown()}`);
  });
  await server.up();
  const code = await importing.exit();
  watcher.disconnect();
  expect(code).toBe(0);
  await until(() => /reachable again/.test(worker.err()), 'the worker to report the recovery');

  for (const [name, text] of [
    ['worker', worker.err()],
    ['import', importing.err()],
  ] as const) {
    expect(text, name).not.toContain('Unhandled error event');
    expect(lines(text, /^\s+at /), name).toEqual([]);
    expect(lines(text, /is unreachable/), name).toHaveLength(1);
    expect(lines(text, /reachable again after/), name).toHaveLength(1);
    expect(text, name).not.toContain(world.sandbox.password);
  }
});
