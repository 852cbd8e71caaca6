/**
 * `catalog-sync worker` (the real CLI) stopped with SIGTERM while its rows cannot finish: Redis is
 * down (they wait on it), or the store is slower than the grace period. It hands them back after
 * `--grace` and exits within the grace period plus the few seconds its connections get to close
 * (cli/run/worker.ts CLOSE_MS), never waiting for Redis. A new worker takes over the rows it left
 * (BullMQ's stalled-job recovery): every row ends once, none is failed by the stop, and no product
 * is created twice.
 */
import { Redis } from 'ioredis';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { enqueueSync, waitForBatch } from '../../src/sync/index.ts';
import { engineKeys } from '../../src/sync/queue/keys.ts';
import { useCliWorld, type CliRun } from './helpers/cli-world.ts';
import { PrivateRedis } from './helpers/processes.ts';
import { until } from '../helpers/until.ts';

const ROWS = 120;
const GRACE_S = 3;
/** What the worker adds to the grace period for its connections (cli/run/worker.ts CLOSE_MS)... */
const CLOSE_S = 5;
/** ...and a margin for a loaded machine: the fault was a worker still alive minutes later. */
const SLACK_S = 10;

const t = useCliWorld({ latencyMs: 40 });
let server: PrivateRedis;
let watcher: Redis;
beforeEach(async () => {
  server = await PrivateRedis.start();
  watcher = new Redis(server.url, { maxRetriesPerRequest: null, retryStrategy: () => 50 });
  watcher.on('error', () => undefined); // refused while the server is down: expected
});
afterEach(async () => {
  watcher.disconnect();
  await server.stop();
});

const workerEnv = () => ({ REDIS_URL: server.url, RATE: '20', CONCURRENCY: '4', LOG_LEVEL: 'info' });

/** A batch of ROWS creates on the private Redis, and a worker busy with it (10 rows done). */
async function busyWorker(): Promise<{ worker: CliRun; batchId: string }> {
  const { world, storePrefix: prefix } = t;
  const lines = Array.from({ length: ROWS }, (_, i) => `Item ${i},2,${10 + i},STOP${i}`);
  const file = await world.sheet('stop.csv', ['title,category,sale_price,barcode', ...lines]);
  const worker = await t.startWorker(workerEnv(), ['--grace', String(GRACE_S)]);
  const { batchId } = await enqueueSync(
    { file },
    { redisUrl: server.url, prefix, store: world.store, reportDir: world.dir, rate: 20 },
  );
  const results = engineKeys(prefix).results(batchId);
  await until(async () => (await watcher.hlen(results)) >= 10, '10 row results');
  return { worker, batchId };
}

/** SIGTERM, and the worker's exit within the bound: exit code 0, its rows handed back. */
async function stopWithin(worker: CliRun): Promise<void> {
  const stoppedAt = Date.now();
  worker.child.kill('SIGTERM');
  let exited = false;
  void worker.exit().then(() => (exited = true));
  await until(() => exited, 'the worker to exit', { timeoutMs: (GRACE_S + CLOSE_S + SLACK_S) * 1000 }).catch(
    (error: Error) => {
      throw new Error(`${error.message}\n--- worker:\n${worker.all()}`);
    },
  );
  // It gave its rows the grace period first.
  expect((Date.now() - stoppedAt) / 1000, worker.all()).toBeGreaterThanOrEqual(GRACE_S);
  expect(await worker.exit()).toBe(0);
  expect(worker.all()).toMatch(/rows did not end within the grace period: handed back/);
}

/** A new worker ends the batch: every row once, none failed, nothing created twice. */
async function expectTakenOver(batchId: string): Promise<void> {
  const { world, storePrefix: prefix } = t;
  await t.startWorker(workerEnv(), ['--grace', String(GRACE_S)]);
  const summary = await waitForBatch(batchId, { redisUrl: server.url, prefix, pollMs: 100 });
  expect(summary.total).toBe(ROWS);
  expect(Object.values(summary.counts).reduce((a, b) => a + b, 0)).toBe(ROWS);
  expect(summary.counts.failed).toBe(0);
  expect(summary.counts.created + summary.counts.unknown).toBe(ROWS);
  const made = world.sandbox.products().map((p) => String(p.fields.barcode));
  expect(new Set(made).size).toBe(made.length); // nothing created twice
  // Every `created` row exists; an `unknown` one (its create out as the worker let go) may or may not.
  expect(made.length).toBeGreaterThanOrEqual(summary.counts.created);
  expect(made.length).toBeLessThanOrEqual(ROWS);
}

it('a busy worker sent SIGTERM while Redis is down exits within its grace period; a later worker ends every row once', async () => {
  const { worker, batchId } = await busyWorker();
  await server.crash();
  // Its rows now wait on Redis (rate gate, ledger, results).
  await until(() => /is unreachable/.test(worker.all()), 'the worker to notice the outage');
  await stopWithin(worker);
  await server.up();
  await expectTakenOver(batchId);
}, 240_000);

it('rows slower than the grace period are handed back, not failed; a later worker ends every row once', async () => {
  const { worker, batchId } = await busyWorker();
  t.world.sandbox.setLatency(30_000);
  await stopWithin(worker);
  t.world.sandbox.setLatency(40);
  await expectTakenOver(batchId);
}, 240_000);
