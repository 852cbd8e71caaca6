/** A queued row's plan, its cell texts written as their place: it always unpacks to the same plan. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RowPlan } from '../../src/sheet/types.ts';
import { packPlan, unpackPlan } from '../../src/sync/queue/packed-plan.ts';

const cells = ['Lamp with a long name', 'مصباح بإسم طويل جداً', '12.5', '6281000000001', 'create'];
const create: RowPlan = {
  kind: 'create',
  payload: {
    title: 'Lamp with a long name',
    title_ar: 'مصباح بإسم طويل جداً',
    sale_price: 12.5,
    barcode: '6281000000001',
    tag: 'create',
    product_option: { '0': { title: 'Lamp with a long name', option_values: { '0': 1 } } },
  },
  note: 'Lamp with a long name',
};

describe('packPlan', () => {
  it('writes long payload texts that are cells as their place, and nothing else', () => {
    const packed = packPlan(create, cells);
    expect(JSON.stringify(packed)).toBe(
      JSON.stringify({
        kind: 'create',
        payload: {
          title: { '@c': 0 },
          title_ar: { '@c': 1 },
          sale_price: 12.5,
          barcode: { '@c': 3 },
          tag: 'create',
          product_option: { '0': { title: { '@c': 0 }, option_values: { '0': 1 } } },
        },
        note: 'Lamp with a long name',
      }),
    );
    expect(JSON.stringify(packed).length).toBeLessThan(JSON.stringify(create).length);
    expect(unpackPlan(packed, cells)).toEqual(create);
  });

  it('gives back an earlier version’s plain plan as it is', () => {
    expect(unpackPlan(create, cells)).toEqual(create);
    const skip: RowPlan = { kind: 'skip', reason: 'Lamp with a long name' };
    expect(unpackPlan(packPlan(skip, cells), cells)).toEqual(skip);
  });

  it('unpacks to the plan it packed, whatever the payload and cells', () => {
    const text = fc.oneof(fc.string(), fc.constantFrom(...cells), fc.string({ minLength: 9, maxLength: 40 }));
    const value = fc.letrec((tie) => ({
      node: fc.oneof({ depthSize: 'small' }, text, fc.double({ noNaN: true }), fc.boolean(), tie('list'), tie('map')),
      list: fc.array(tie('node'), { maxLength: 3 }),
      map: fc.dictionary(
        fc.string({ minLength: 1, maxLength: 6 }).filter((k) => k !== '@c'),
        tie('node'),
        { maxKeys: 4 },
      ),
    }));
    fc.assert(
      fc.property(fc.array(text, { maxLength: 8 }), value.map, (row, payload) => {
        const plan = { kind: 'update', payload } as unknown as RowPlan;
        const packed = JSON.parse(JSON.stringify(packPlan(plan, row))) as RowPlan;
        expect(unpackPlan(packed, row)).toEqual(JSON.parse(JSON.stringify(plan)));
      }),
      { numRuns: 500 },
    );
  });
});
