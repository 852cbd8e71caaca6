/**
 * The console counts store requests by wrapping the store client: the wrapper must pass a write's
 * options through, since they carry the ledger's claim, made as the request leaves (beforeSend).
 * Dropped, a create from the console went out unclaimed: after a crash it could be sent twice.
 * The real store client against the sandbox over HTTP.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { ConsoleMetrics } from '../../src/console/metrics.ts';
import { startWorld, type World } from '../sync/helpers/world.ts';

let world: World;
beforeEach(async () => {
  world = await startWorld();
});
afterEach(async () => {
  await world.close();
});

const product = (barcode: string) => ({ title: 'Lamp', category: 1, sale_price: 10, barcode });

it('runs the claim as the create leaves, and a claim that holds the row back sends nothing', async () => {
  const metrics = new ConsoleMetrics();
  const store = metrics.observeStore(world.client());
  let sentBeforeClaim: number | null = null;
  await store.createProduct(product('CLAIMED'), {
    beforeSend: () => {
      sentBeforeClaim = world.sandbox.requestCount('/v1/create_product');
      return Promise.resolve();
    },
  });
  expect(sentBeforeClaim).toBe(0);
  expect(world.sandbox.requestCount('/v1/create_product')).toBe(1);

  const held = store.createProduct(product('HELD'), { beforeSend: () => Promise.reject(new Error('held back')) });
  await expect(held).rejects.toThrow('held back');
  expect(world.sandbox.requestCount('/v1/create_product')).toBe(1);
  expect(await metrics.registry.metrics()).toMatch(
    /catalog_sync_store_requests_total\{store="default",endpoint="create_product",status="200"\} 1/,
  );
});
