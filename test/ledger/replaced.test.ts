/**
 * What each batch replaced, kept in the product's record for undo (issue 38): the pure rules
 * (replaced.ts), the record's text in Redis, and the batch ledger over the memory, file and Redis
 * stores keeping the last N batches; `ledger move-to-file` and the take-over into Redis keep them.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveConfig } from '../../src/config.ts';
import type { LedgerRow, LedgerSettings } from '../../src/ledger/batch-ledger.ts';
import { encodeEntry, parseEntry } from '../../src/ledger/entry.ts';
import { FileLedger, scopedLedgerFile } from '../../src/ledger/file-store.ts';
import { ledgerForBatch } from '../../src/ledger/for-batch.ts';
import { ledgerFileOf } from '../../src/ledger/home.ts';
import type { Ledger, LedgerEntry } from '../../src/ledger/ledger.ts';
import { MemoryLedger } from '../../src/ledger/memory-store.ts';
import { moveStoreLedgerToFile } from '../../src/ledger/open.ts';
import { RedisLedger } from '../../src/ledger/redis-store.ts';
import { replacedBy, stepOf, stepsAfter } from '../../src/ledger/replaced.ts';
import { takeOver } from '../../src/ledger/take-over.ts';
import type { RowResult } from '../../src/outcome.ts';
import { storeIdentityOf, storeScope } from '../../src/store/identity.ts';
import { useRedisWorld } from '../sync/helpers/queue-world.ts';

describe('replacedBy', () => {
  it.each([
    [
      'a price changed',
      { sale_price: 10, title: 'Lamp' },
      { sale_price: 12 },
      false,
      { b: 'B', was: { sale_price: 10 } },
    ],
    ['the same values again', { sale_price: 10 }, { sale_price: 10 }, false, null],
    ['a field never sent before', { sale_price: 10 }, { stock: 3 }, false, { b: 'B', was: { stock: null } }],
    ['no record before', undefined, { product_status: 1 }, false, { b: 'B', was: { product_status: null } }],
    ['a price list', { prices: { '1': 5 } }, { prices: { '1': 6 } }, false, { b: 'B', was: { prices: { '1': 5 } } }],
    ['a create', undefined, { title: 'Lamp' }, true, { b: 'B', was: {}, c: 1 }],
  ])('%s', (_, before, sent, created, step) => {
    expect(replacedBy('B', before, sent, created)).toEqual(step);
  });
});

describe('stepsAfter', () => {
  const s = (b: string, was: Record<string, unknown> = { sale_price: 1 }) => ({ b, was });
  it.each([
    ['the first', undefined, s('B1'), 10, [s('B1')]],
    ['nothing replaced', [s('B1')], null, 10, [s('B1')]],
    ['the oldest dropped past N', [s('B1'), s('B2')], s('B3'), 2, [s('B2'), s('B3')]],
    [
      'one batch twice keeps the first values before',
      [s('B1', { sale_price: 1 })],
      s('B1', { sale_price: 2, title: 'x' }),
      10,
      [s('B1', { sale_price: 1, title: 'x' })],
    ],
    ['none kept with N 0', [s('B1')], s('B2'), 0, undefined],
  ])('%s', (_, held, step, keep, after) => {
    expect(stepsAfter(held, step, keep)).toEqual(after);
  });

  it('stepOf names the batches that changed the record since', () => {
    const steps = [s('B1'), s('B2'), s('B3')];
    expect(stepOf(steps, 'B2')).toEqual({ step: s('B2'), later: ['B3'] });
    expect(stepOf(steps, 'B3')?.later).toEqual([]);
    expect(stepOf(steps, 'B0')).toBeNull();
  });
});

it("a record's text keeps its replaced values (Redis's compact form and the JSON form)", () => {
  const entry: LedgerEntry = {
    fp: 'f',
    st: 'synced',
    batch: 'B2',
    row: 2,
    v: { sale_price: 12 },
    u: [
      { b: 'B1', was: {}, c: 1 },
      { b: 'B2', was: { sale_price: 10 } },
    ],
  };
  expect(parseEntry(encodeEntry(entry))).toEqual(entry);
  expect(parseEntry(encodeEntry({ ...entry, batch: 'a|b' }))).toEqual({ ...entry, batch: 'a|b' });
  // A step this version cannot read is passed over; the record still reads (never created twice).
  const odd = parseEntry(JSON.stringify({ ...entry, u: [{ b: 'B1' }, { b: 'B2', was: {} }] }));
  expect(odd?.v).toEqual({ sale_price: 12 });
  expect(stepOf(odd?.u, 'B1')).toBeNull();
  expect(stepOf(odd?.u, 'B2')).toEqual({ step: { b: 'B2', was: {} }, later: [] });
});

const settings: LedgerSettings = { mode: 'full', keyColumn: 'barcode', retryUnknown: false };
const done = (row: number, outcome: RowResult['outcome']): RowResult => ({
  row,
  outcome,
  message: outcome,
  httpStatus: 200,
  attempts: 1,
});

/** Creates product A, links it to id 7, then changes its price in three more batches. */
async function fiveBatches(ledger: Ledger): Promise<void> {
  const create: LedgerRow = {
    batchId: 'B1',
    row: 2,
    plan: { kind: 'create', payload: { barcode: 'A', sale_price: 10 } },
  };
  const created = ledgerForBatch(settings, ledger, { undoBatches: 3 });
  await created.before(create);
  await created.beforeSend!(create);
  await created.after(create, done(2, 'created'));
  const prices = [11, 12, 13];
  for (const [i, price] of [10, ...prices].entries()) {
    const row: LedgerRow = {
      batchId: `B${i + 2}`,
      row: 2,
      plan: { kind: 'update', payload: { product_id: 7, barcode: 'A', sale_price: price } },
    };
    const batch = ledgerForBatch(settings, ledger, { undoBatches: 3 });
    await batch.before(row);
    await batch.after(row, done(2, 'updated'));
  }
}

const kept = [
  { b: 'B3', was: { sale_price: 10 } },
  { b: 'B4', was: { sale_price: 11 } },
  { b: 'B5', was: { sale_price: 12 } },
];

describe('the batch ledger keeps what the last N batches replaced', () => {
  const world = useRedisWorld('replaced', { once: true });

  it('in memory, under both keys (B2 linked the barcode and changed nothing: no step)', async () => {
    const ledger = new MemoryLedger();
    await fiveBatches(ledger);
    const [p, k] = await ledger.getMany(['p:7', 'k:barcode:A']);
    expect(p?.u).toEqual(kept);
    expect(k?.u).toEqual(kept);
  });

  it('in the file, read again after a reopen, and taken over into Redis', async () => {
    const path = join(world.dir, 'file.jsonl');
    const file = await FileLedger.open(path);
    await fiveBatches(file);
    await file.close();
    const again = await FileLedger.open(path);
    expect((await again.getMany(['p:7']))[0]?.u).toEqual(kept);
    await again.close();
    const target = new RedisLedger(world.redis, world.prefix, 'taken');
    await takeOver(path, target);
    expect((await target.getMany(['k:barcode:A']))[0]?.u).toEqual(kept);
  });

  it('in Redis, and moved to the file by ledger move-to-file', async () => {
    const { dir, redis, prefix } = world;
    const config = resolveConfig({
      STORE_URL: 'https://store.example',
      STORE_EMAIL: 'a@b.example',
      STORE_PASSWORD: 'x',
      XDG_STATE_HOME: dir,
      QUEUE_PREFIX: prefix,
    });
    const scope = storeScope(storeIdentityOf(config));
    await fiveBatches(new RedisLedger(redis, prefix, scope));
    const { keptAs } = await moveStoreLedgerToFile(config, redis);
    // The hash kept takes its steps along.
    expect(await redis.hlen(`${keptAs}:undo`)).toBe(2);
    const file = await FileLedger.open(scopedLedgerFile(ledgerFileOf(config), scope));
    expect((await file.getMany(['p:7', 'k:barcode:A'])).map((e) => e?.u)).toEqual([kept, kept]);
    await file.close();
  });

  it("in Redis, beside the records: a plan's read gets none, a record written without steps keeps none", async () => {
    const { redis, prefix } = world;
    const ledger = new RedisLedger(redis, prefix, 'beside');
    await fiveBatches(ledger);
    const [whole] = await ledger.getMany(['p:7']);
    const [plan] = await ledger.getMany(['p:7'], 'plan');
    expect(whole?.u).toEqual(kept);
    expect(plan).toEqual({ ...whole, u: undefined });
    const all = new Map<string, LedgerEntry>();
    for await (const [key, entry] of ledger.all()) all.set(key, entry);
    expect([...all.values()].map((entry) => entry.u)).toEqual([kept, kept]);
    for await (const { entry } of ledger.products()) expect(entry.u).toEqual(kept);
    // A record written again whole, without steps (a create's key marked pending): none are left.
    await ledger.setMany([['k:barcode:A', { fp: 'f', st: 'pending', batch: 'B9', row: 2 }]]);
    expect((await ledger.getMany(['k:barcode:A']))[0]?.u).toBeUndefined();
    await ledger.deleteMany(['p:7']);
    expect(await ledger.claim('p:7', { fp: 'f', st: 'pending', batch: 'B9', row: 2 })).toBeNull();
    expect((await ledger.getMany(['p:7']))[0]).toEqual({ fp: 'f', st: 'pending', batch: 'B9', row: 2 });
  });

  it("in Redis, a row's `before` reads the records without their steps, and its record keeps them (issue 41)", async () => {
    const { redis, prefix } = world;
    const store = new RedisLedger(redis, prefix, 'reads');
    const parts: string[] = [];
    // The Redis ledger itself, each read's part noted: `before` needs no undo steps, so a row
    // costs one hash read there, not two; the record after the send reads the key whole.
    const ledger: Ledger = {
      getMany: (keys, part = 'whole') => {
        parts.push(part);
        return store.getMany(keys, part);
      },
      setMany: (entries) => store.setMany(entries),
      claim: (key, entry) => store.claim(key, entry),
      deleteMany: (keys) => store.deleteMany(keys),
      known: () => store.known(),
      close: () => store.close(),
    };
    await fiveBatches(ledger);
    // The create: its `before` only (a new key is claimed, and its record needs no read back);
    // each update: its `before`, then its record's read.
    expect(parts).toEqual(['plan', ...Array.from({ length: 4 }, () => ['plan', 'whole']).flat()]);
    expect((await store.getMany(['p:7', 'k:barcode:A'])).map((e) => e?.u)).toEqual([kept, kept]);
  });
});
