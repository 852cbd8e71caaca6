/**
 * The row processor with a real store client over HTTP (sandbox) and a batch ledger: skip rows the
 * ledger answers for, re-run safety of creates (an existing in-flight marker, or this batch's
 * pending claim in the ledger, means `unknown`).
 */
import { describe, expect, it } from 'vitest';
import type { BatchLedger, LedgerRow, LedgerSettings } from '../../src/ledger/batch-ledger.ts';
import { ledgerForBatch } from '../../src/ledger/for-batch.ts';
import { RedisLedger } from '../../src/ledger/redis-store.ts';
import { BatchState } from '../../src/sync/queue/batch-state.ts';
import { engineKeys } from '../../src/sync/queue/keys.ts';
import type { RowPlan } from '../../src/sheet/types.ts';
import { memoryMarkers, processRow, type RowProcessorDeps } from '../../src/sync/process-row.ts';
import { NO_LEDGER } from '../../src/ledger/batch-ledger.ts';
import { startWorld } from './helpers/world.ts';
import { withRedis } from './helpers/queue-world.ts';
import { useWorld } from '../helpers/use-world.ts';

const world = useWorld(async () => withRedis(await startWorld({}, true)), { once: true });

const deps = (extra: Partial<RowProcessorDeps> = {}): RowProcessorDeps => ({
  batchId: 'b',
  client: world.client(),
  ledger: NO_LEDGER,
  markers: memoryMarkers(),
  ...extra,
});

describe('processRow', () => {
  it('never re-sends a create whose marker is already set (a crashed earlier attempt)', async () => {
    const markers = memoryMarkers();
    await markers.begin(5);
    const before = world.sandbox.products().length;
    const result = await processRow(
      { row: 5, plan: { kind: 'create', payload: { title: 'X', sale_price: 1, category: 1 } } },
      deps({ markers }),
    );
    expect(result).toMatchObject({ row: 5, outcome: 'unknown', code: 'interrupted_create' });
    expect(world.sandbox.products().length).toBe(before);
  });

  it('asks the ledger first and tells it the final result', async () => {
    const seen: string[] = [];
    const ledger: BatchLedger = {
      before: (row) =>
        Promise.resolve(
          row.row === 2
            ? {
                result: {
                  row: 2,
                  outcome: 'skipped',
                  message: 'unchanged since last sync',
                  httpStatus: null,
                  attempts: 0,
                },
              }
            : { send: row.plan },
        ),
      after: (row, result) => {
        seen.push(`${row.row}:${result.outcome}`);
        return Promise.resolve();
      },
    };
    const skipped = await processRow(
      { row: 2, plan: { kind: 'create', payload: { title: 'A', sale_price: 1, category: 1 } } },
      deps({ ledger }),
    );
    const created = await processRow(
      { row: 3, plan: { kind: 'create', payload: { title: 'B', sale_price: 1, category: 1 } } },
      deps({ ledger }),
    );
    expect(skipped.outcome).toBe('skipped');
    expect(created.outcome).toBe('created');
    expect(seen).toEqual(['3:created']);
  });

  it('fails a row without sending when the ledger cannot answer, and keeps the outcome when it cannot record', async () => {
    const broken: BatchLedger = {
      before: () => Promise.reject(new Error('ledger down')),
      after: () => Promise.resolve(),
    };
    const result = await processRow(
      { row: 4, plan: { kind: 'create', payload: { title: 'C', sale_price: 1, category: 1 } } },
      deps({ ledger: broken }),
    );
    expect(result).toMatchObject({ outcome: 'failed', code: 'LEDGER' });
    const errors: number[] = [];
    const forgetful: BatchLedger = {
      before: (row) => Promise.resolve({ send: row.plan }),
      after: () => Promise.reject(new Error('ledger down')),
    };
    const kept = await processRow(
      { row: 6, plan: { kind: 'create', payload: { title: 'D', sale_price: 1, category: 1 } } },
      deps({ ledger: forgetful, onLedgerError: (_e, row) => errors.push(row) }),
    );
    expect(kept.outcome).toBe('created');
    expect(errors).toEqual([6]);
  });
});

describe('processRow with the Redis ledger and markers', () => {
  const settings: LedgerSettings = { mode: 'full', keyColumn: 'barcode', retryUnknown: false };
  const create = (title: string, barcode?: string): RowPlan => ({
    kind: 'create',
    payload: { title, sale_price: 1, category: 1, ...(barcode ? { barcode } : {}) },
  });

  it('marks in flight only the creates the ledger did not claim, and a claimed row cut off mid-create ends unknown, unsent', async () => {
    const { redis, prefix } = world;
    const ledger = new RedisLedger(redis, prefix, 'scope');
    const markers = new BatchState(redis, engineKeys(prefix)).markers('b');
    const inflight = engineKeys(prefix).inflight('b');
    const run = (row: number, plan: RowPlan) =>
      processRow({ row, plan }, deps({ ledger: ledgerForBatch(settings, ledger), markers }));

    // Row 2's new key is claimed atomically: its pending entry is the mark. Row 3 has no key value.
    expect((await run(2, create('Keyed', 'CLM-1'))).outcome).toBe('created');
    expect((await run(3, create('Unkeyed'))).outcome).toBe('created');
    expect(await redis.hkeys(inflight)).toEqual(['3']);

    // Row 4's process stops with its create on the wire: claimed, never recorded.
    const stopped = ledgerForBatch(settings, ledger);
    const row4: LedgerRow = { batchId: 'b', row: 4, plan: create('Cut off', 'CLM-2') };
    expect((await stopped.before(row4)).result).toBeUndefined();
    expect(await stopped.beforeSend!(row4)).toBeNull();
    expect(stopped.claimed!(row4)).toBe(true);
    const products = world.sandbox.products().length;
    // The job runs again in a new process: its batch ledger is new, the Redis ledger the same.
    expect(await run(4, create('Cut off', 'CLM-2'))).toMatchObject({ outcome: 'unknown', code: 'interrupted_create' });
    expect(world.sandbox.products().length).toBe(products);
    expect(await redis.hkeys(inflight)).toEqual(['3']);
  });
});
