/**
 * The planner reads a row's sent values in place (eachSentValue) where the ledger records them
 * as an object (sentValuesOf): both must name the same fields, in the same order, with the same
 * values, or a preview would show changes other than the ones the record then keeps.
 */
import { describe, expect, it } from 'vitest';
import { eachSentValue, sentValuesOf } from '../../src/ledger/values.ts';
import type { RowPlan } from '../../src/sheet/index.ts';

const visited = (plan: RowPlan): [string, unknown][] => {
  const out: [string, unknown][] = [];
  eachSentValue(plan, (field, value) => out.push([field, value]));
  return out;
};

describe('eachSentValue', () => {
  it.each<[string, RowPlan]>([
    ['a create', { kind: 'create', payload: { title: 'Lamp', barcode: 'B', prices: { '1': 5 } } }],
    ['an update', { kind: 'update', payload: { title: 'Lamp', product_id: 7, sale_price: 3 } }],
    ['an update with a status', { kind: 'update', payload: { product_id: 7, title: 'Lamp' }, status: 0 }],
    ['a status row', { kind: 'status', payload: { product_id: 7, product_status: 1 } }],
  ])('%s: the fields and values sentValuesOf records, in its order', (_name, plan) => {
    expect(visited(plan)).toEqual(Object.entries(sentValuesOf(plan)!));
  });

  it("a brand row: its payload's fields (the record keeps none of them)", () => {
    const plan: RowPlan = { kind: 'brand', payload: { brand_id: 3, brand_name: 'A', brand_name_ar: 'ا' } };
    expect(sentValuesOf(plan)).toBeNull();
    expect(visited(plan)).toEqual(Object.entries(plan.payload));
  });

  it('a skipped row: none', () => {
    expect(visited({ kind: 'skip', reason: 'empty' })).toEqual([]);
  });
});
