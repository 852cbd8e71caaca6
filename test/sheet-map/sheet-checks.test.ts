/** The mapper's per-sheet duplicate checks (src/sheet/map/sheet-checks.ts). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
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

describe('DuplicateTracker', () => {
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
