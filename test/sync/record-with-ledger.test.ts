/**
 * A queue worker's sent row is recorded in one Redis call: the ledger's writes (the batch ledger's
 * afterWrites) and the row's result together (batch-state.ts record, issue 41). What a later sync
 * reads is the same as when the ledger wrote on its own: the created product's record, with its undo
 * step, and the batch's counters; a call sent again finds the row recorded and writes the same record.
 */
import { expect, it } from 'vitest';
import type { LedgerRow } from '../../src/ledger/batch-ledger.ts';
import { ledgerForBatch } from '../../src/ledger/for-batch.ts';
import { RedisLedger } from '../../src/ledger/redis-store.ts';
import { BatchState } from '../../src/sync/queue/batch-state.ts';
import { engineKeys } from '../../src/sync/queue/keys.ts';
import type { RowResult } from '../../src/outcome.ts';
import { useRedisWorld } from './helpers/queue-world.ts';

const world = useRedisWorld('record-with-ledger');
const settings = { mode: 'delta' as const, keyColumn: 'barcode', retryUnknown: false };

const created = (row: number): RowResult => ({
  row,
  outcome: 'created',
  message: 'created',
  httpStatus: 200,
  attempts: 1,
});

/** A create row of `batchId` through the batch ledger up to its send: its row, and the ledger writes of its end. */
async function sentCreate(ledger: RedisLedger, batchId: string, barcode: string) {
  const batch = ledgerForBatch(settings, ledger);
  const row: LedgerRow = {
    batchId,
    row: 2,
    plan: { kind: 'create', payload: { title: 'Lamp', category: 2, sale_price: 10, barcode } },
  };
  expect((await batch.before(row)).send).toBeDefined();
  expect(await batch.beforeSend?.(row)).toBeNull();
  const writes = await batch.afterWrites?.(row, created(2));
  if (writes === undefined) throw new Error('a Redis ledger hands its writes over');
  return writes;
}

it("records a sent create's ledger entry and its result in one call; sent again, counted once", async () => {
  const store = `${world.prefix}:{store}`;
  const ledger = new RedisLedger(world.redis, world.prefix, 'store');
  const state = new BatchState(world.redis, engineKeys(store));
  const writes = await sentCreate(ledger, 'b1', 'RWL-1');
  await state.seal('b1', 1);
  const stored = { result: created(2), cells: ['Lamp'] };
  expect(await state.record('b1', stored, writes)).toEqual({ duplicate: false, completed: true });
  const [entry] = await ledger.getMany(['k:barcode:RWL-1']);
  expect(entry).toMatchObject({ st: 'synced', batch: 'b1', row: 2, v: { title: 'Lamp' }, u: [{ b: 'b1', c: 1 }] });
  // The same call again (ioredis after a lost reply): the row is not counted twice, the record stays.
  expect(await state.record('b1', stored, writes)).toEqual({ duplicate: true, completed: true });
  expect(await ledger.getMany(['k:barcode:RWL-1'])).toEqual([entry]);
  expect(await world.redis.hmget(engineKeys(store).batch('b1'), 'done', 'count:created')).toEqual(['1', '1']);
  // A later batch finds the product created: it is not sent again.
  const later = await ledgerForBatch(settings, ledger).before({
    batchId: 'b2',
    row: 2,
    plan: { kind: 'create', payload: { title: 'Lamp', category: 2, sale_price: 10, barcode: 'RWL-1' } },
  });
  expect(later.result?.outcome).toBe('skipped');
});

it('a ledger in another hash slot than the batch is still written, in a call of its own', async () => {
  const ledger = new RedisLedger(world.redis, world.prefix, 'elsewhere');
  const state = new BatchState(world.redis, engineKeys(`${world.prefix}:{store}`));
  const writes = await sentCreate(ledger, 'b3', 'RWL-3');
  expect(await state.record('b3', { result: created(2), cells: ['Lamp'] }, writes)).toEqual({
    duplicate: false,
    completed: false,
  });
  expect(await ledger.getMany(['k:barcode:RWL-3'])).toEqual([expect.objectContaining({ st: 'synced', batch: 'b3' })]);
});
