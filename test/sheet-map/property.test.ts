/** Property tests: any header row and any cells in, no exception, exactly one result per data row. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ledgerKeyOf } from '../../src/ledger/rules.ts';
import { createSheetMapper } from '../../src/sheet/map/mapper.ts';
import { detectMojibake } from '../../src/sheet/map/text.ts';
import { BLANK, CellError } from '../../src/sheet/map/cell-reading.ts';
import { readCell } from '../../src/sheet/map/values.ts';
import { editDistance } from '../../src/sheet/map/suggest.ts';
import type { Cell, RawRow } from '../../src/sheet/types.ts';

const KNOWN_HEADERS = [
  'title',
  'title_ar',
  'sale_price',
  'category',
  'product_id',
  'product_status',
  'action',
  'barcode',
  'featured',
  'prices.SA',
  'celebrity.0',
  'product_option.0.title',
  'product_option.0.option_values',
  'option1 type',
  'السعر',
  'العنوان',
  'row',
  'outcome',
  'brand_id',
  'brand_name',
  'brand_name_ar',
  '',
  'Price',
  'sale price',
];

const header = fc.oneof(fc.constantFrom(...KNOWN_HEADERS), fc.string(), fc.string({ unit: 'grapheme' }));

const cell: fc.Arbitrary<Cell> = fc.oneof(
  fc.constant(null),
  fc.string(),
  fc.string({ unit: 'grapheme' }),
  fc.constantFrom(
    '#empty',
    'create',
    'update',
    'status',
    'skip',
    'نعم',
    '١٢٫٥',
    '1,250.00',
    '12,5',
    '11|12',
    '3 - Perfumes',
    'Ø§Ù„',
    '1042',
    '0',
  ),
  fc.double(),
  fc.integer(),
  fc.boolean(),
  fc.date({ noInvalidDate: false }),
  fc.record({ error: fc.constantFrom('#DIV/0!', '#N/A', '#REF!') }),
);

const sheet = fc.record({
  headers: fc.array(header, { maxLength: 12 }),
  rows: fc.array(fc.array(cell, { maxLength: 14 }), { maxLength: 20 }),
  delimiter: fc.constantFrom(',', ';', '\t', null),
  kind: fc.constantFrom(undefined, 'products' as const, 'brands' as const),
});

describe('mapping is total', () => {
  it('any headers and cells: no exception, one result per row, plan null exactly when an error exists', () => {
    fc.assert(
      fc.property(sheet, ({ headers, rows, delimiter, kind }) => {
        const mapper = createSheetMapper(headers, { delimiter, ...(kind ? { kind } : {}) });
        const raws: RawRow[] = rows.map((values, i) => ({ row: i + 2, values }));
        const results = raws.map((raw) => mapper.mapRow(raw));
        expect(results.map((r) => r.row)).toEqual(raws.map((r) => r.row));
        for (const result of results) {
          const hasError = result.issues.some((issue) => issue.severity === 'error');
          expect(result.plan === null).toBe(hasError);
          expect(result.issues.every((issue) => issue.row === result.row)).toBe(true);
          expect(result.cells.length).toBeGreaterThanOrEqual(headers.length);
        }
      }),
      { numRuns: 400 },
    );
  });

  it('readCell never throws, whatever the cell and spec', () => {
    const spec = fc.record({
      kind: fc.constantFrom('text', 'number', 'whole', 'id', 'flag', 'ids' as const),
      min: fc.option(fc.integer(), { nil: undefined }),
    });
    fc.assert(
      fc.property(cell, spec, fc.boolean(), (value, valueSpec, decimalComma) => {
        const reading = readCell(value, valueSpec, { header: 'h', decimalComma });
        expect(
          reading === BLANK || reading instanceof CellError || ['string', 'number', 'object'].includes(typeof reading),
        ).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('mojibake detection and edit distance never throw', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        detectMojibake(text);
      }),
    );
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        expect(editDistance(a, b)).toBe(editDistance(b, a));
      }),
    );
  });
});

describe('two creates of one sheet never share a barcode', () => {
  // However a barcode is typed or formatted (spaces, direction marks, a number, a number under a
  // padded format), the mapper's duplicate_barcode check compares the text the payload sends, so
  // it stops every later create that the ledger would key as an earlier row's product.
  const barcode: fc.Arbitrary<[Cell, string | undefined]> = fc.oneof(
    fc
      .tuple(
        fc.constantFrom('', ' ', '\u200F', '\u200E', '\t'),
        fc.constantFrom('111', '0111', '222', '111 ', 'ب'),
        fc.constantFrom('', ' ', '\u200F'),
      )
      .map(([a, b, c]): [Cell, undefined] => [`${a}${b}${c}`, undefined]),
    fc.tuple(fc.constantFrom(111, 222, 0.5), fc.constantFrom(undefined, '0_)', '0000', '@', ';;;')),
  );

  it('the mapper makes the later row invalid wherever the ledger keys would be equal', () => {
    fc.assert(
      fc.property(fc.array(barcode, { minLength: 2, maxLength: 12 }), (cells) => {
        const mapper = createSheetMapper(['title', 'sale_price', 'category', 'barcode']);
        const keys = new Map<string, number>();
        cells.forEach(([value, format], i) => {
          const raw: RawRow = {
            row: i + 2,
            values: ['Tea', 5, 1, value],
            formats: [undefined, undefined, undefined, format],
          };
          const plan = mapper.mapRow(raw).plan;
          if (plan?.kind !== 'create') return;
          const key = ledgerKeyOf(plan, 'barcode');
          if (key === null) return;
          expect(keys.get(key), `row ${raw.row} repeats ${key}`).toBeUndefined();
          keys.set(key, raw.row);
        });
      }),
      { numRuns: 500 },
    );
  });
});
