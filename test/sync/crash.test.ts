/**
 * Crashes mid-batch with the BullMQ transport: a worker process killed with SIGKILL and
 * restarted, and a Redis server killed and restarted (own redis-server, AOF fsync always). Every
 * row still ends in exactly one outcome, nothing is lost, and no product is created twice.
 */
import { randomUUID } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import { Redis } from 'ioredis';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { enqueueSync, waitForBatch } from '../../src/sync/index.ts';
import { engineKeys } from '../../src/sync/queue/keys.ts';
import type { BatchSummary } from '../../src/report/summary.ts';
import { kill, PrivateRedis, startWorkerProcess } from './helpers/processes.ts';
import { deleteKeys } from './helpers/redis.ts';
import { startWorld, type World } from './helpers/world.ts';
import { until } from '../helpers/until.ts';
import { REDIS_URL } from '../helpers/redis-url.ts';

const HEADER = 'product_id,title,title_ar,category,sale_price,barcode';
const CREATES = 80;

let world: World;
let children: ChildProcess[];
beforeEach(async () => {
  world = await startWorld({ latencyMs: 40 });
  children = [];
});
afterEach(async () => {
  for (const child of children) await kill(child, 'SIGKILL');
  await world.close();
});

async function sheetWithUpdates(): Promise<string> {
  const seeded = Array.from({ length: 10 }, (_, i) =>
    world.sandbox.seedProduct({ title: `S${i}`, sale_price: 1, category: 1 }, 1),
  );
  const creates = Array.from({ length: CREATES }, (_, i) => `,Item ${i},صنف ${i},2,${10 + i},BC${i}`);
  return world.sheet('crash.csv', [HEADER, ...creates, ...seeded.map((p, i) => `${p.product_id},Upd ${i},,,,`)]);
}

function workerEnv(redisUrl: string, prefix: string): Record<string, string> {
  return {
    REDIS_URL: redisUrl,
    QUEUE_PREFIX: prefix,
    STORE_URL: world.sandbox.url,
    STORE_EMAIL: world.sandbox.email,
    STORE_PASSWORD: world.sandbox.password,
    CONCURRENCY: '4',
  };
}

/** Waits (on Redis state, not on time) until at least `n` rows have results. */
async function untilResults(redis: Redis, prefix: string, batchId: string, n: number): Promise<void> {
  const key = engineKeys(prefix).results(batchId);
  await until(async () => (await redis.hlen(key)) >= n, `${n} row results`);
}

function expectIntact(summary: BatchSummary): void {
  expect(summary.total).toBe(CREATES + 10);
  expect(Object.values(summary.counts).reduce((a, b) => a + b, 0)).toBe(CREATES + 10);
  expect(summary.counts.updated).toBe(10);
  expect(summary.counts.failed).toBe(0);
  const created = world.sandbox.products().filter((p) => String(p.fields.barcode).startsWith('BC'));
  const barcodes = created.map((p) => p.fields.barcode);
  expect(new Set(barcodes).size).toBe(barcodes.length); // no product created twice
  // Every `created` row exists; an `unknown` one (in flight at the crash) may or may not.
  expect(created.length).toBeGreaterThanOrEqual(summary.counts.created);
  expect(created.length).toBeLessThanOrEqual(summary.counts.created + summary.counts.unknown);
  expect(summary.counts.created + summary.counts.unknown).toBe(CREATES);
}

describe('crash safety (BullMQ)', () => {
  let prefix: string;
  beforeEach(() => {
    prefix = `test-${randomUUID()}`;
  });

  it('a worker killed with SIGKILL mid-batch and restarted loses nothing and creates nothing twice', async () => {
    const redis = new Redis(REDIS_URL);
    try {
      const file = await sheetWithUpdates();
      children.push(await startWorkerProcess(workerEnv(REDIS_URL, prefix)));
      const { batchId } = await enqueueSync(
        { file },
        { redisUrl: REDIS_URL, prefix, store: world.store, reportDir: world.dir, rate: 10_000 },
      );
      await untilResults(redis, prefix, batchId, 20);
      await kill(children[0]!, 'SIGKILL');
      children.push(await startWorkerProcess(workerEnv(REDIS_URL, prefix)));
      const summary = await waitForBatch(batchId, { redisUrl: REDIS_URL, prefix, pollMs: 50 });
      expectIntact(summary);
    } finally {
      await deleteKeys(redis, prefix);
      await redis.quit();
    }
  });

  it('a Redis server killed and restarted mid-batch loses nothing and creates nothing twice', async () => {
    const server = await PrivateRedis.start();
    const redis = new Redis(server.url, { maxRetriesPerRequest: null, retryStrategy: () => 50 });
    try {
      const file = await sheetWithUpdates();
      children.push(await startWorkerProcess(workerEnv(server.url, prefix)));
      const { batchId } = await enqueueSync(
        { file },
        { redisUrl: server.url, prefix, store: world.store, reportDir: world.dir, rate: 10_000 },
      );
      await untilResults(redis, prefix, batchId, 20);
      await server.crash();
      await server.up();
      const summary = await waitForBatch(batchId, { redisUrl: server.url, prefix, pollMs: 50 });
      expectIntact(summary);
    } finally {
      redis.disconnect();
      await server.stop();
    }
  });

  it('a lazy worker killed with every row in hand: the next one starts for the stalled rows alone and ends them', async () => {
    const redis = new Redis(REDIS_URL);
    try {
      // 6 updates (safe to send again), all taken at once by one worker (CONCURRENCY 4 takes 7
      // jobs); the store holds its first 4 answers, so the rows stay in hand until the kill.
      const seeded = Array.from({ length: 6 }, (_, i) =>
        world.sandbox.seedProduct({ title: `L${i}`, sale_price: 1, category: 1 }, 1),
      );
      const file = await world.sheet('lazy.csv', [HEADER, ...seeded.map((p, i) => `${p.product_id},New ${i},,,,`)]);
      world.sandbox.inject({ kind: 'delayAfterApply', path: '/v1/update_product', delayMs: 600_000, times: 4 });
      const env = { ...workerEnv(REDIS_URL, prefix), LAZY: '1' };
      children.push(await startWorkerProcess(env));
      const { batchId } = await enqueueSync(
        { file },
        { redisUrl: REDIS_URL, prefix, store: world.store, reportDir: world.dir, rate: 10_000 },
      );
      await until(() => world.sandbox.requestCount('/v1/update_product') >= 4, 'the 4 held updates');
      await kill(children[0]!, 'SIGKILL');
      // Nothing waits: only stalled rows tell the next worker that the queue has work.
      expect(await redis.llen(`${prefix}:rows:wait`)).toBe(0);
      expect(await redis.llen(`${prefix}:rows:active`)).toBe(6);
      children.push(await startWorkerProcess(env));
      const summary = await waitForBatch(batchId, { redisUrl: REDIS_URL, prefix, pollMs: 50 });
      expect(summary.total).toBe(6);
      expect(summary.counts.failed).toBe(0);
      expect(summary.counts.updated + summary.counts.unchanged).toBe(6);
      expect(world.sandbox.products().filter((p) => String(p.fields.title).startsWith('New ')).length).toBe(6);
    } finally {
      await deleteKeys(redis, prefix);
      await redis.quit();
    }
  });
});
