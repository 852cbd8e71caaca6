/**
 * One concurrency cap: the engine's request slots (`concurrency`, sync/slots.ts), each holding one
 * HTTP exchange. A few more rows than that are under way (their claims made meanwhile), and a
 * worker runs a few more jobs than rows, but no more requests than `concurrency` reach the store at
 * once; the store client adds no cap of its own.
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { runSync } from '../../src/sync/run-local.ts';
import { enqueueSync, startSyncWorker, waitForBatch } from '../../src/sync/index.ts';
import { deleteKeys } from './helpers/redis.ts';
import { startWorld, type World } from './helpers/world.ts';
import { REDIS_URL } from '../helpers/redis-url.ts';

let world: World;
beforeEach(async () => {
  world = await startWorld({ latencyMs: 50 });
});
afterEach(async () => {
  await world.close();
});

function twelveUpdates(): Promise<string> {
  const rows = Array.from({ length: 12 }, (_, i) => {
    const product = world.sandbox.seedProduct({ title: `Old ${i}`, sale_price: 1, category: 1 }, 1);
    return `${product.product_id},Title ${i}`;
  });
  return world.sheet('twelve-updates.csv', ['product_id,title', ...rows]);
}

it('keeps at most `concurrency` requests in flight', async () => {
  const sheet = await twelveUpdates();
  const client = world.client();
  await client.authorize();
  world.sandbox.resetStats();
  const summary = await runSync({ file: sheet }, { client, reportDir: world.dir, rate: 10_000, concurrency: 3 });
  expect(summary.counts.updated).toBe(12);
  // Each request takes at least 50 ms at the store, so with 3 slots no more than 3 can arrive
  // within any 45 ms (a little slack for timer rounding); without the cap all 12 would arrive at once.
  expect(world.sandbox.requestCount()).toBe(12);
  expect(world.sandbox.maxRequestsInWindow(45)).toBeLessThanOrEqual(3);
  client.close();
});

it('a worker keeps at most `concurrency` requests in flight, though it runs more jobs than that', async () => {
  const sheet = await twelveUpdates();
  const prefix = `test-${randomUUID()}`;
  const redis = new Redis(REDIS_URL);
  const client = world.client();
  await client.authorize();
  const worker = startSyncWorker({ redisUrl: REDIS_URL, prefix, client, concurrency: 3 });
  try {
    world.sandbox.resetStats();
    const { batchId } = await enqueueSync(
      { file: sheet },
      { redisUrl: REDIS_URL, prefix, store: world.store, reportDir: world.dir, rate: 10_000, client },
    );
    const summary = await waitForBatch(batchId, { redisUrl: REDIS_URL, prefix, pollMs: 50 });
    expect(summary.counts.updated).toBe(12);
    expect(world.sandbox.requestCount()).toBe(12);
    expect(world.sandbox.maxRequestsInWindow(45)).toBeLessThanOrEqual(3);
  } finally {
    await worker.close();
    client.close();
    await deleteKeys(redis, prefix);
    await redis.quit();
  }
});
