/** The guard's and the preview's decisions, pure: a row's change against the values last sent, and the verdict. */
import { describe, expect, it } from 'vitest';
import type { SheetRowResult } from '../../src/sheet/index.ts';
import { GuardTally, priceDropsOf, type GuardSettings } from '../../src/sync/guard.ts';
import { rowChange, type RowChange } from '../../src/sync/guard-changes.ts';

const update = (row: number, fields: Record<string, unknown>, status?: number): SheetRowResult => ({
  row,
  cells: [],
  issues: [],
  plan: {
    kind: 'update',
    payload: { product_id: 7, ...fields },
    ...(status === undefined ? {} : { status }),
  },
});

describe('rowChange', () => {
  it.each<[string, SheetRowResult, Record<string, unknown> | undefined, Partial<RowChange>]>([
    [
      'an update of a product never sent: every field, before null',
      update(2, { sale_price: 5 }),
      undefined,
      { action: 'update', seen: false, changes: [{ field: 'sale_price', before: null, after: 5 }] },
    ],
    [
      'an update: only the fields that differ',
      update(2, { sale_price: 5, title: 'Lamp' }),
      { sale_price: 9, title: 'Lamp' },
      { action: 'update', seen: true, changes: [{ field: 'sale_price', before: 9, after: 5 }] },
    ],
    [
      'nothing differs: unchanged',
      update(2, { title: 'Lamp' }),
      { title: 'Lamp', sale_price: 3 },
      { action: 'unchanged', changes: [] },
    ],
    [
      'a price list compares as JSON',
      update(2, { prices: { '1': 5 } }),
      { prices: { '1': 5 } },
      { action: 'unchanged' },
    ],
    [
      'an update with a status: the status is a change too',
      update(2, { title: 'Lamp' }, 0),
      { title: 'Lamp', product_status: 1 },
      { action: 'update', changes: [{ field: 'product_status', before: 1, after: 0 }] },
    ],
    [
      'a status row',
      { row: 3, cells: [], issues: [], plan: { kind: 'status', payload: { product_id: 7, product_status: 0 } } },
      { product_status: 1 },
      { action: 'status', changes: [{ field: 'product_status', before: 1, after: 0 }] },
    ],
    [
      'a create never sent',
      { row: 4, cells: [], issues: [], plan: { kind: 'create', payload: { title: 'Lamp', barcode: 'B' } } },
      undefined,
      { action: 'create', seen: false },
    ],
    [
      'a create already created is not created again',
      { row: 4, cells: [], issues: [], plan: { kind: 'create', payload: { title: 'Lamp', barcode: 'B' } } },
      { title: 'Lamp', barcode: 'B' },
      { action: 'unchanged', changes: [], message: 'already created; not created again' },
    ],
    [
      'an invalid row says why',
      {
        row: 5,
        cells: [],
        plan: null,
        issues: [{ row: 5, column: 'sale_price', code: 'not_a_number', severity: 'error', message: 'sale_price: x' }],
      },
      undefined,
      { action: 'invalid', message: 'sale_price: x' },
    ],
    [
      'a re-run row keeps the number the person saw',
      { ...update(2, { title: 'Lamp' }), originalRow: 40 },
      undefined,
      { row: 40 },
    ],
  ])('%s', (_name, result, before, expected) => {
    expect(rowChange(result, before)).toMatchObject(expected);
  });
});

const SETTINGS: GuardSettings = { priceDrop: 0.5, changeShare: 0.5, minKnown: 4 };

const changed = (row: number, field: string, before: unknown, after: unknown): RowChange => ({
  row,
  action: 'update',
  seen: true,
  changes: [{ field, before, after }],
});

describe('the guard', () => {
  it.each<[string, RowChange, number]>([
    ['a drop of exactly half is let through', changed(2, 'sale_price', 100, 50), 0],
    ['a drop of more than half is held', changed(2, 'sale_price', 100, 49.99), 1],
    ['a rise is let through', changed(2, 'sale_price', 100, 300), 0],
    ['a price never sent before is no drop', changed(2, 'sale_price', null, 1), 0],
    ['purchase_price counts', changed(2, 'purchase_price', 10, 1), 1],
    ['each prices entry counts', changed(2, 'prices', { '1': 10, '2': 10 }, { '1': 10, '2': 2 }), 1],
    ['a title is no price', changed(2, 'title', 'a', 'b'), 0],
  ])('%s', (_name, change, drops) => {
    expect(priceDropsOf(change, 0.5)).toHaveLength(drops);
  });

  it('holds a sheet changing more than the share of known products, once enough are known', () => {
    const tally = new GuardTally(SETTINGS);
    for (const row of [2, 3, 4]) tally.add(changed(row, 'title', 'a', 'b'));
    // Unseen products and creates are not known products changed.
    tally.add({ row: 5, action: 'update', seen: false, changes: [] });
    tally.add({ row: 6, action: 'create', seen: false, changes: [] });
    expect(tally.verdict(4)).toMatchObject({ held: true, tooMany: true, changed: 3, known: 4, changeShare: 0.75 });
    expect(tally.verdict(6)).toMatchObject({ held: false, changeShare: 0.5 });
    // Three known: too few to judge a share by.
    expect(tally.verdict(3)).toMatchObject({ held: false, tooMany: false });
  });

  it('a setting of 1 turns each check off', () => {
    const tally = new GuardTally({ priceDrop: 1, changeShare: 1, minKnown: 0 });
    tally.add(changed(2, 'sale_price', 100, 0.01));
    expect(tally.verdict(1)).toMatchObject({ held: false, priceDrops: [] });
  });
});
