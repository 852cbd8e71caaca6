/**
 * The Redis ledger unreachable during a delta sync: no row is sent (the ledger cannot say whether
 * a create already happened), every row fails with a message naming the ledger, and the batch
 * still ends with its report, so the next sync retries them all.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { RedisLedger } from '../../src/ledger/redis-store.ts';
import { startWorld, writeCount, type World } from '../intake/helpers.ts';

let world: World;
let deadRedis: Redis;
beforeEach(async () => {
  world = await startWorld();
  // Nothing listens on port 1: every command fails at once, as with Redis down.
  deadRedis = new Redis('redis://127.0.0.1:1', {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    enableOfflineQueue: false,
  });
  deadRedis.on('error', () => undefined);
});
afterEach(async () => {
  deadRedis.disconnect();
  await world.close();
});

it('fails every row unsent with a message naming the ledger, and still writes the report', async () => {
  const a = world.sandbox.seedProduct({ title: 'A', sale_price: 1, category: 1 }).product_id;
  const sheet = join(world.dir, 'down.csv');
  await writeFile(sheet, `product_id,title,sale_price,category,barcode\n${a},A2,2,1,\n,New,3,1,nb1\n`);
  const ledger = new RedisLedger(deadRedis, 'down', 'scope');
  const summary = await world.runner(ledger)(
    { file: sheet, ledger: { mode: 'delta', keyColumn: 'barcode', retryUnknown: false } },
    new AbortController().signal,
  );
  expect(summary.counts.failed).toBe(2);
  expect(writeCount(world.sandbox)).toBe(0);
  const results = await readFile(join(summary.reportDir, 'results.csv'), 'utf8');
  expect(results).toContain('The sync ledger could not be read');
});
