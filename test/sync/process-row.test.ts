/**
 * The row processor with a real store client over HTTP (sandbox) and a batch ledger: skip rows the
 * ledger answers for, re-run safety of creates (an existing in-flight marker means `unknown`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BatchLedger } from '../../src/ledger/batch-ledger.ts';
import { memoryMarkers, processRow, type RowProcessorDeps } from '../../src/sync/process-row.ts';
import { NO_LEDGER } from '../../src/ledger/batch-ledger.ts';
import { startWorld, type World } from './helpers/world.ts';

let world: World;
beforeAll(async () => {
  world = await startWorld();
});
afterAll(async () => {
  await world.close();
});

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
            ? { row: 2, outcome: 'skipped', message: 'unchanged since last sync', httpStatus: null, attempts: 0 }
            : null,
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
      before: () => Promise.resolve(null),
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
