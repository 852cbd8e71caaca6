/** The guard's verdict, pure, over the planner's decisions (test/sync/plan-row.test.ts). */
import { describe, expect, it } from 'vitest';
import { GuardTally, priceDropsOf, type GuardSettings } from '../../src/sync/guard.ts';
import type { RowChange } from '../../src/sync/plan-row.ts';

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
    // A known product sent again as it was (a full sync) is not changed.
    tally.add({ row: 7, action: 'update', seen: true, changes: [] });
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
