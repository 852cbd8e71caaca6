/** FirstRows (src/sheet/first-rows.ts) answers as a Map of key to first row would, in bounded memory. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FirstRows } from '../../src/sheet/first-rows.ts';
import { DuplicateTracker, type UniqueKey } from '../../src/sheet/map/sheet-checks.ts';

/** Keys a sheet can hold, and keys only one code unit or one type tag apart, so repeats are common. */
const NEAR_KEYS = [
  '',
  ' ',
  'a',
  'A',
  '6291000000001',
  'n:123',
  's:123',
  'k:barcode:123',
  'مرحبا',
  'عطر ٥٠ مل',
  '😀',
  '\uD83D',
  '\uDE00',
  '\uD800',
  '\uDC00',
  '\uFFFD',
  'é',
  'e\u0301',
];

const codeUnits = fc
  .array(fc.integer({ min: 0, max: 0xffff }), { maxLength: 12 })
  .map((units) => String.fromCharCode(...units));

const key = fc.oneof(
  fc.constantFrom(...NEAR_KEYS),
  fc.string(),
  fc.string({ unit: 'grapheme' }),
  fc.string({ unit: 'binary' }),
  codeUnits,
);

describe('FirstRows', () => {
  it('answers exactly like a Map<string, number> for any sequence of keys', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(key, fc.nat({ max: 0xfffffffe })), { maxLength: 300 }), (steps) => {
        const rows = new FirstRows();
        const model = new Map<string, number>();
        for (const [k, row] of steps) {
          const expected = model.get(k);
          if (expected === undefined) model.set(k, row);
          expect(rows.firstOr(k, row)).toBe(expected);
        }
        expect(rows.size).toBe(model.size);
      }),
    );
  });

  it('keeps every first row through several doublings', () => {
    const rows = new FirstRows();
    const count = 50_000;
    const seenBefore: number[] = [];
    for (let i = 0; i < count; i += 1) {
      const earlier = rows.firstOr(`k:barcode:${6291000000000 + i}`, i + 2);
      if (earlier !== undefined) seenBefore.push(i);
    }
    expect(seenBefore).toEqual([]);
    expect(rows.size).toBe(count);
    const wrong: number[] = [];
    for (let i = 0; i < count; i += 1) {
      if (rows.firstOr(`k:barcode:${6291000000000 + i}`, count + i + 2) !== i + 2) wrong.push(i);
    }
    expect(wrong).toEqual([]);
    expect(rows.size).toBe(count);
    expect(rows.firstOr('k:barcode:new', 1)).toBeUndefined();
  });

  it('holds under 46 bytes per key (20 a slot, at least 7/16 full), and no more when keys are long', () => {
    const short = new FirstRows();
    const long = new FirstRows();
    const filler = 'x'.repeat(500);
    for (let i = 0; i < 100_000; i += 1) {
      short.firstOr(String(i), i + 2);
      long.firstOr(`${filler}${i}`, i + 2);
    }
    expect(short.size).toBe(100_000);
    expect(short.bytes / short.size).toBeLessThan(46);
    expect(long.bytes).toBe(short.bytes);
  });

  it('takes row 0 and the largest Uint32 row but nothing that is not a row', () => {
    const rows = new FirstRows();
    expect(rows.firstOr('zero', 0)).toBeUndefined();
    expect(rows.firstOr('zero', 7)).toBe(0);
    expect(rows.firstOr('top', 0xfffffffe)).toBeUndefined();
    expect(rows.firstOr('top', 7)).toBe(0xfffffffe);
    for (const bad of [-1, 1.5, 0xffffffff, Number.NaN]) expect(() => rows.firstOr('bad', bad)).toThrow(RangeError);
    expect(rows.size).toBe(2);
  });
});

describe('DuplicateTracker on FirstRows', () => {
  const value = fc.oneof(
    fc.constantFrom<string | number>(123, '123', 0, -0, '0', '-0', Number.NaN, 'NaN', 1e21, '1e+21', ''),
    key,
    fc.double(),
    fc.integer(),
  );

  it('flags a value as a Map keyed by the value did: 123 and "123" apart, -0 with 0, NaN with NaN', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom<UniqueKey>('product_id', 'barcode', 'brand_id'), value), { maxLength: 200 }),
        (steps) => {
          const tracker = new DuplicateTracker();
          const model = new Map<UniqueKey, Map<string | number, number>>();
          steps.forEach(([kind, v], i) => {
            const row = i + 2;
            const seen = model.get(kind) ?? new Map<string | number, number>();
            model.set(kind, seen);
            const earlier = seen.get(v);
            if (earlier === undefined) seen.set(v, row);
            const issue = tracker.check(kind, v, row, kind);
            expect(issue?.message ?? null).toBe(
              earlier === undefined
                ? null
                : `${kind}: ${JSON.stringify(String(v))} is already on row ${earlier} (${kind === 'barcode' ? 'two products with one barcode' : 'one row per item'}); merge the rows or fix one`,
            );
          });
        },
      ),
    );
  });
});
