/**
 * The one planner, table-tested: a row and its product's record in, what the row does out. The
 * preview, the guard, the upload summary, the dry run and the sync's ledger step all decide by it.
 */
import { describe, expect, it } from 'vitest';
import type { LedgerSettings } from '../../src/ledger/batch-ledger.ts';
import { fingerprintOf } from '../../src/ledger/fingerprint.ts';
import type { LedgerEntry, LedgerState } from '../../src/ledger/ledger.ts';
import type { RowPlan, SheetRowResult } from '../../src/sheet/index.ts';
import { NO_RECORD, planRow, type ProductRecord, type RowChange } from '../../src/sync/plan-row.ts';

const FULL: LedgerSettings = { mode: 'full', keyColumn: 'barcode', retryUnknown: false };
const DELTA: LedgerSettings = { ...FULL, mode: 'delta' };

const rowOf = (row: number, plan: RowPlan | null): SheetRowResult => ({ row, cells: [], issues: [], plan });
const update = (row: number, fields: Record<string, unknown>, status?: number): SheetRowResult =>
  rowOf(row, { kind: 'update', payload: { product_id: 7, ...fields }, ...(status === undefined ? {} : { status }) });
const create = rowOf(4, { kind: 'create', payload: { title: 'Lamp', barcode: 'B' } });

const entryFor = (sheetRow: SheetRowResult, st: LedgerState = 'synced'): LedgerEntry => ({
  fp: fingerprintOf(sheetRow.plan!),
  st,
  batch: 'b-1',
  row: 9,
});
/** A product's record under the row's own key: the ledger's entry, holding the values last sent. */
const record = (values: Record<string, unknown> | undefined, entry?: LedgerEntry): ProductRecord => ({
  own:
    entry || values
      ? { ...(entry ?? { fp: 'other', st: 'synced', batch: 'b-1', row: 9 }), ...(values ? { v: values } : {}) }
      : undefined,
  link: undefined,
});

describe('planRow', () => {
  it.each<[string, SheetRowResult, ProductRecord, LedgerSettings, Partial<RowChange>]>([
    [
      'an update of a product never sent: every field, before null',
      update(2, { sale_price: 5 }),
      NO_RECORD,
      FULL,
      { action: 'update', seen: false, changes: [{ field: 'sale_price', before: null, after: 5 }] },
    ],
    [
      'an update: only the fields that differ',
      update(2, { sale_price: 5, title: 'Lamp' }),
      record({ sale_price: 9, title: 'Lamp' }),
      FULL,
      { action: 'update', seen: true, changes: [{ field: 'sale_price', before: 9, after: 5 }] },
    ],
    [
      'nothing differs, full sync: sent again, no field changed',
      update(2, { title: 'Lamp' }),
      record({ title: 'Lamp', sale_price: 3 }, entryFor(update(2, { title: 'Lamp' }))),
      FULL,
      { action: 'update', changes: [] },
    ],
    [
      'nothing differs, delta sync: unchanged, reported as the sync reports it',
      update(2, { title: 'Lamp' }),
      record({ title: 'Lamp' }, entryFor(update(2, { title: 'Lamp' }))),
      DELTA,
      { action: 'unchanged', outcome: 'skipped', code: 'unchanged_since_last_sync' },
    ],
    [
      'a price list compares as JSON',
      update(2, { prices: { '1': 5 } }),
      record({ prices: { '1': 5 } }),
      FULL,
      { action: 'update', changes: [] },
    ],
    [
      'an update with a status: the status is a change too',
      update(2, { title: 'Lamp' }, 0),
      record({ title: 'Lamp', product_status: 1 }),
      FULL,
      { action: 'update', changes: [{ field: 'product_status', before: 1, after: 0 }] },
    ],
    [
      'a status row',
      rowOf(3, { kind: 'status', payload: { product_id: 7, product_status: 0 } }),
      record({ product_status: 1 }),
      FULL,
      { action: 'status', changes: [{ field: 'product_status', before: 1, after: 0 }] },
    ],
    [
      'a create never sent: every field',
      create,
      NO_RECORD,
      FULL,
      {
        action: 'create',
        seen: false,
        changes: [
          { field: 'title', before: null, after: 'Lamp' },
          { field: 'barcode', before: null, after: 'B' },
        ],
      },
    ],
    [
      'a create the ledger has created: skipped, never created again',
      create,
      record({ title: 'Lamp', barcode: 'B' }, entryFor(create)),
      FULL,
      { action: 'skipped', outcome: 'skipped', code: 'already_created', changes: [] },
    ],
    [
      'a create the ledger has created, unchanged, delta sync: unchanged',
      create,
      record({ title: 'Lamp', barcode: 'B' }, entryFor(create)),
      DELTA,
      { action: 'unchanged', outcome: 'skipped', code: 'unchanged_since_last_sync' },
    ],
    [
      'a create whose earlier outcome is unknown: not sent blindly',
      create,
      record(undefined, entryFor(create, 'unknown')),
      FULL,
      { action: 'skipped', outcome: 'skipped', code: 'unknown_create' },
    ],
    [
      'a create cut off by a crash: unknown',
      create,
      record(undefined, entryFor(create, 'pending')),
      FULL,
      { action: 'skipped', outcome: 'unknown', code: 'interrupted_create' },
    ],
    [
      'an invalid row says why, as the report will',
      {
        row: 5,
        cells: [],
        plan: null,
        issues: [{ row: 5, column: 'sale_price', code: 'not_a_number', severity: 'error', message: 'sale_price: x' }],
      },
      NO_RECORD,
      FULL,
      { action: 'invalid', outcome: 'invalid', code: 'not_a_number', message: 'sale_price: x' },
    ],
    [
      'a blank row is skipped',
      rowOf(6, { kind: 'skip', reason: 'blank row' }),
      NO_RECORD,
      FULL,
      { action: 'skipped', outcome: 'skipped', messageKey: 'skip.blank' },
    ],
    [
      'a re-run row keeps the number the person saw',
      { ...update(2, { title: 'Lamp' }), originalRow: 40 },
      NO_RECORD,
      FULL,
      { row: 40 },
    ],
  ])('%s', (_name, sheetRow, found, settings, expected) => {
    expect(planRow(sheetRow, found, settings)).toMatchObject(expected);
  });
});
