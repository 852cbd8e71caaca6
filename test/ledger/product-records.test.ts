/**
 * Every store lists the records of products with a product_id (retire's look for products a full
 * feed no longer lists): keyed by the id, or linked to it from a create key, each once; a record
 * known only by its create key (no id yet), a brand or a deleted record is not listed. Real Redis
 * (HSCAN, in chunks: more records than one chunk) and a real file, reopened and compacted.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FileLedger } from '../../src/ledger/file-store.ts';
import type { Ledger, LedgerEntry, ProductRecords } from '../../src/ledger/ledger.ts';
import { MemoryLedger } from '../../src/ledger/memory-store.ts';
import { RedisLedger } from '../../src/ledger/redis-store.ts';
import { useRedisWorld } from '../sync/helpers/queue-world.ts';
import { syncedRecord } from './entries.ts';

/** 1,500 products by id, one created by barcode and linked (two keys), one not linked, a brand, one deleted. */
async function fill(ledger: Ledger): Promise<void> {
  const byId = Array.from({ length: 1_500 }, (_, i) => [`p:${i + 1}`, syncedRecord({ sale_price: i })] as const);
  await ledger.setMany(byId);
  await ledger.setMany([
    ['p:9001', syncedRecord({ product_status: 1 }, ['k:barcode:LINKED'])],
    ['k:barcode:LINKED', syncedRecord({ product_status: 1 }, ['p:9001'])],
    ['k:barcode:ALONE', syncedRecord({ title: 'no id yet' })],
    ['b:7', syncedRecord({ brand_name: 'x' })],
  ]);
  await ledger.deleteMany(['p:1500']);
}

async function listed(ledger: ProductRecords): Promise<Map<number, LedgerEntry>> {
  const out = new Map<number, LedgerEntry>();
  for await (const { id, entry } of ledger.products()) {
    expect(out.has(id)).toBe(false);
    out.set(id, entry);
  }
  return out;
}

function expectListed(found: Map<number, LedgerEntry>): void {
  expect(found.size).toBe(1_500);
  expect(found.has(1500)).toBe(false);
  expect(found.get(1)?.v).toEqual({ sale_price: 0 });
  expect(found.get(9001)?.ln).toEqual(['k:barcode:LINKED']);
}

const world = useRedisWorld('product-records', { once: true });

describe('products()', () => {
  it('Redis: each product with an id once, read by HSCAN in chunks', async () => {
    const ledger = new RedisLedger(world.redis, world.prefix, 'store');
    await fill(ledger);
    expectListed(await listed(ledger));
  });

  it('file: each product with an id once, after a reopen too', async () => {
    const path = join(world.dir, 'ledger.jsonl');
    const ledger = await FileLedger.open(path);
    await fill(ledger);
    expectListed(await listed(ledger));
    await ledger.close();
    const again = await FileLedger.open(path);
    try {
      expectListed(await listed(again));
    } finally {
      await again.close();
    }
  });

  it('memory: each product with an id once', async () => {
    const ledger = new MemoryLedger();
    await fill(ledger);
    expectListed(await listed(ledger));
  });
});
