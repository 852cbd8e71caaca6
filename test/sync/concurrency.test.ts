/**
 * One concurrency cap: the engine's row slots (`concurrency`). Each row makes one request at a
 * time, so at most `concurrency` requests are in flight; the store client adds no cap of its own.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { runSync } from '../../src/sync/run-local.ts';
import { startWorld, type World } from './helpers/world.ts';

let world: World;
beforeEach(async () => {
  world = await startWorld({ latencyMs: 50 });
});
afterEach(async () => {
  await world.close();
});

it('keeps at most `concurrency` requests in flight', async () => {
  const rows = Array.from({ length: 12 }, (_, i) => {
    const product = world.sandbox.seedProduct({ title: `Old ${i}`, sale_price: 1, category: 1 }, 1);
    return `${product.product_id},Title ${i}`;
  });
  const sheet = await world.sheet('twelve-updates.csv', ['product_id,title', ...rows]);
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
