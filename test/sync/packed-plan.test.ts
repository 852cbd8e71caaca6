/**
 * A queued row's plan, the fields its cells and headers already say taken out: it always unpacks to
 * the same plan.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RowPlan } from '../../src/sheet/types.ts';
import { planPacker, unpackPlan } from '../../src/sync/queue/packed-plan.ts';

const headers = ['title', 'Arabic title', 'sale_price', 'barcode', 'tag', 'product_option.0.title'];
const cells = ['Lamp with a long name', 'مصباح بإسم طويل جداً', '12.5', '6281000000001', 'create', 'Size'];
const create: RowPlan = {
  kind: 'create',
  payload: {
    title: 'Lamp with a long name',
    title_ar: 'مصباح بإسم طويل جداً',
    sale_price: 12.5,
    barcode: '6281000000001',
    tag: 'create',
    product_option: { '0': { title: 'Size', option_values: { '0': 1 } } },
  },
  note: 'Lamp with a long name',
};

describe('planPacker', () => {
  it('writes a field that is a cell under its own path as the column alone, a long text that is a cell as its place', () => {
    const packed = planPacker(headers)(create, cells);
    expect(JSON.stringify(packed)).toBe(
      JSON.stringify({
        kind: 'create',
        payload: {
          // Under the header "Arabic title", not its path: a place.
          title_ar: { '@c': 1 },
          product_option: { '0': { option_values: { '0': 1 } } },
          '@t': [0, 3, 4, 5],
          '@n': [2],
        },
        note: 'Lamp with a long name',
      }),
    );
    expect(unpackPlan(packed, cells, headers)).toEqual(create);
  });

  it('keeps a field whose value is not its cell as it is', () => {
    const plan: RowPlan = { kind: 'update', payload: { product_id: 7, title: 'Lamp', sale_price: 12 } };
    const packed = planPacker(['product_id', 'title', 'sale_price'])(plan, ['7', 'lamp', '12.0']);
    expect(packed).toEqual({ kind: 'update', payload: { title: 'Lamp', '@n': [0, 2] } });
    expect(unpackPlan(packed, ['7', 'lamp', '12.0'], ['product_id', 'title', 'sale_price'])).toEqual(plan);
  });

  it('gives back an earlier version’s plain plan as it is', () => {
    expect(unpackPlan(create, cells, headers)).toEqual(create);
    const skip: RowPlan = { kind: 'skip', reason: 'Lamp with a long name' };
    expect(unpackPlan(planPacker(headers)(skip, cells), cells, headers)).toEqual(skip);
  });

  it('unpacks to the plan it packed, whatever the payload, cells and headers', () => {
    const key = fc.oneof(
      fc.constantFrom('title', 'prices', '0', '1', 'a.b', 'a', 'b', '', '__proto__'),
      fc.string({ minLength: 1, maxLength: 6 }).filter((k) => !k.startsWith('@')),
    );
    const text = fc.oneof(fc.string(), fc.constantFrom(...cells, '12', '-0', ' 5 ', '1e3'));
    const value = fc.letrec((tie) => ({
      node: fc.oneof(
        { depthSize: 'small' },
        text,
        fc.double({ noNaN: true }),
        fc.constantFrom(12, 0, -0, 1000, 5),
        fc.boolean(),
        tie('list'),
        tie('map'),
      ),
      list: fc.array(tie('node'), { maxLength: 3 }),
      map: fc.dictionary(key, tie('node'), { maxKeys: 4 }),
    }));
    const header = fc.oneof(
      fc.constantFrom('title', 'prices.0', 'prices.1', 'a.b', 'title.0', '0', '0.title', ''),
      fc.string({ maxLength: 8 }),
    );
    fc.assert(
      fc.property(
        value.map,
        fc.array(fc.tuple(header, text), { maxLength: 4 }),
        fc.array(fc.tuple(fc.nat(), fc.option(text)), { maxLength: 8 }),
        (payload, noise, picks) => {
          // Columns for some of the payload's own fields (its leaves' dotted paths, their values as
          // cells, or another text), mixed with columns of anything at all.
          const fields = leaves(payload);
          const columns = [
            ...picks.flatMap(([i, other]): [string, string][] => {
              const field = fields[i % Math.max(fields.length, 1)];
              return field ? [[field[0], other ?? field[1]]] : [];
            }),
            ...noise,
          ];
          const hs = columns.map(([h]) => h);
          const row = columns.map(([, cell]) => cell);
          const plan = JSON.parse(JSON.stringify({ kind: 'update', payload })) as RowPlan;
          const packed = JSON.parse(JSON.stringify(planPacker(hs)(plan, row))) as RowPlan;
          expect(unpackPlan(packed, row, hs)).toEqual(plan);
        },
      ),
      { numRuns: 1000 },
    );
  });
});

/** Each text or number field of a payload as [its keys joined by dots, its value as text]. */
function leaves(value: unknown, prefix = ''): [string, string][] {
  if (typeof value === 'string' || typeof value === 'number') return [[prefix, String(value)]];
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [];
  return Object.entries(value).flatMap(([key, item]) => leaves(item, prefix === '' ? key : `${prefix}.${key}`));
}
