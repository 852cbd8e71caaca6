/**
 * Identifiers that must keep every digit, error values saved as text, and prices with their
 * currency (src/sheet/map/identifiers.ts, error-text.ts, money.ts through values.ts), one cell at
 * a time; test/fidelity/cell-edges.test.ts follows the same cells from real files to the store.
 */
import { describe, expect, it } from 'vitest';
import type { Cell } from '../../src/sheet/types.ts';
import { PRICE_SPEC, PRODUCT_FIELD_SPECS, type ValueSpec } from '../../src/sheet/map/fields.ts';
import { parseColumnMap } from '../../src/sheet/map/column-map.ts';
import { createSheetMapper } from '../../src/sheet/map/mapper.ts';
import { BLANK, CellError, Noted, type ReadContext } from '../../src/sheet/map/cell-reading.ts';
import { readCell } from '../../src/sheet/map/values.ts';

const barcode: ReadContext = { header: 'barcode', decimalComma: false, identifier: true, errorText: false };
const tag: ReadContext = { header: 'tag', decimalComma: false, identifier: false, errorText: false };
const price: ReadContext = { header: 'sale_price', decimalComma: false, identifier: false, errorText: false };
const text: ValueSpec = { kind: 'text' };

function reading(cell: Cell, spec: ValueSpec, ctx: ReadContext, format?: string): unknown {
  const read = readCell(cell, spec, ctx, format);
  if (read === BLANK) return 'BLANK';
  if (read instanceof CellError) return `ERR:${read.code}: ${read.message}`;
  if (read instanceof Noted) return { value: read.value, note: read.note };
  return read;
}

describe('an identifier never loses digits', () => {
  it('sends the full digits of a number whose format shows fewer, and says so', () => {
    expect(reading(6291041500213, text, barcode, '0.00E+00')).toEqual({
      value: '6291041500213',
      note: "barcode: sent as 6291041500213, the cell's full digits (its number format 0.00E+00 shows 6.29E+12)",
    });
    expect(reading(6291041500213, text, barcode, '0,')).toMatchObject({ value: '6291041500213' });
    // A 16-digit number a writer stored exactly: General shows 15 significant digits.
    expect(reading(1234567890123456, text, barcode)).toMatchObject({ value: '1234567890123456' });
  });

  it('keeps what Excel shows when every digit is in it', () => {
    expect(reading(12345678905, text, barcode, '000000000000')).toBe('012345678905');
    expect(reading(6291041500213, text, barcode)).toBe('6291041500213');
    expect(reading(5551234567, text, barcode, '000\\-000\\-0000')).toBe('555-123-4567');
  });

  it('shows a non-identifier text field as Excel does, scientific or not', () => {
    expect(reading(6291041500213, text, tag, '0.00E+00')).toBe('6.29E+12');
  });

  it('refuses a number past what a spreadsheet number holds exactly', () => {
    expect(reading(2 ** 64, text, barcode)).toMatch(/^ERR:identifier_digits_lost: barcode: /);
  });

  it("refuses text that is Excel's scientific display, the digits already gone", () => {
    for (const cell of ['6.292E+12', '6,29E+12', '6E+12', '6.29e+12'])
      expect(reading(cell, text, barcode)).toBe(
        `ERR:scientific_display: barcode: ${JSON.stringify(cell)} looks like Excel's scientific display; the digits are lost: format the column as Text and type it again`,
      );
    expect(reading('6.292E+12', text, tag)).toBe('6.292E+12');
    expect(reading('EAN-6291041500213', text, barcode)).toBe('EAN-6291041500213');
  });

  it('makes the key column an identifier too, and only text fields', () => {
    const mapper = createSheetMapper(['title', 'tag', 'sale_price', 'category'], { keyColumn: 'tag' });
    const row = mapper.mapRow({ row: 2, values: ['Mug', '6.292E+12', '5', '3'] });
    expect(row.plan).toBeNull();
    expect(row.issues.map((issue) => issue.code)).toEqual(['scientific_display']);
    const plain = createSheetMapper(['title', 'tag', 'sale_price', 'category']);
    expect(plain.mapRow({ row: 2, values: ['Mug', '6.292E+12', '5', '3'] }).plan).not.toBeNull();
  });

  it('reports the digits it sends, so a later delta sync sees a changed barcode', () => {
    const mapper = createSheetMapper(['product_id', 'barcode']);
    const row = mapper.mapRow({ row: 2, values: [1001, 6291041500213], formats: [undefined, '0.00E+00'] });
    expect(row.cells).toEqual(['1001', '6291041500213']);
    expect(row.plan).toMatchObject({
      kind: 'update',
      payload: { product_id: 1001, barcode: '6291041500213' },
      note: "barcode: sent as 6291041500213, the cell's full digits (its number format 0.00E+00 shows 6.29E+12)",
    });
  });
});

describe('error values saved as text', () => {
  it.each(['#N/A', '#DIV/0!', '#VALUE!', '#REF!', '#NAME?', '#NUM!', '#NULL!'])('%s is an error cell', (cell) => {
    expect(reading(cell, text, tag)).toMatch(/^ERR:cell_error: tag: the cell shows the error /);
    expect(reading(cell, PRICE_SPEC, price)).toMatch(/^ERR:cell_error: sale_price: the cell shows the error /);
  });

  it('is text where the column map allows it, in text fields only', () => {
    expect(reading('#N/A', text, { ...tag, errorText: true })).toBe('#N/A');
    expect(reading('#N/A', PRICE_SPEC, { ...price, errorText: true })).toMatch(/^ERR:cell_error/);
    expect(reading('#n/a please', text, tag)).toBe('#n/a please');
  });

  it('is allowed by the map per column, matched forgivingly', () => {
    const map = parseColumnMap('map.yaml', 'columns:\n  Note: tag\nerror_text:\n  - note\n');
    const mapper = createSheetMapper(['product_id', 'Note', 'description'], { columnMap: map });
    const row = mapper.mapRow({ row: 2, values: ['1001', '#N/A', '#N/A'] });
    expect(row.issues.map((issue) => [issue.column, issue.code])).toEqual([['description', 'cell_error']]);
  });

  it('a map whose error_text is not a list of headers stops the run, naming it', () => {
    expect(() => parseColumnMap('map.yaml', 'columns:\n  Note: tag\nerror_text: Note\n')).toThrow(
      /map\.yaml: error_text: expected a list of headers/,
    );
  });
});

describe('prices with a currency', () => {
  it.each<[string, number, string]>([
    ['ر.س. 1,234.50', 1234.5, 'ر.س.'],
    ['SAR 12', 12, 'SAR'],
    ['$12', 12, '$'],
    ['12.50 SAR', 12.5, 'SAR'],
    ['١٢٫٥٠ ر.س', 12.5, 'ر.س'],
    ['€ 9,99', 9.99, '€'],
  ])('%s reads as %s, saying %s was removed', (cell, value, currency) => {
    const decimalComma = cell.startsWith('€');
    expect(reading(cell, PRICE_SPEC, { ...price, decimalComma })).toEqual({
      value,
      note: `sale_price: ${JSON.stringify(cell)} read as ${value} (the currency ${currency} removed)`,
    });
  });

  it('refuses a percentage in a price, saying why', () => {
    const why =
      'is a percentage; a price is an amount of money (e.g. 12.50), and the store has no percent price: type the amount';
    expect(reading('15%', PRICE_SPEC, price)).toBe(`ERR:percent_in_price: sale_price: "15%" ${why}`);
    expect(reading('١٥٪', PRICE_SPEC, price)).toBe(`ERR:percent_in_price: sale_price: "١٥٪" ${why}`);
    expect(reading(0.15, PRICE_SPEC, price, '0%')).toBe(`ERR:percent_in_price: sale_price: "15%" ${why}`);
    // A % inside quoted text is text: the cell is no percentage.
    expect(reading(12, PRICE_SPEC, price, '0.00" % off"')).toBe(12);
  });

  it('leaves other number fields and unknown codes alone', () => {
    const weight = { ...price, header: 'weight' };
    expect(reading('SAR 12', PRODUCT_FIELD_SPECS.weight, weight)).toMatch(/^ERR:not_a_number/);
    expect(reading('ABC 12', PRICE_SPEC, price)).toMatch(/^ERR:not_a_number/);
    expect(reading('SAR 12 USD', PRICE_SPEC, price)).toMatch(/^ERR:not_a_number/);
  });

  it('puts what was removed in the plan, for the row message', () => {
    const mapper = createSheetMapper(['title', 'sale_price', 'category']);
    const row = mapper.mapRow({ row: 2, values: ['Mug', 'SAR 12', '3'] });
    expect(row.plan).toMatchObject({
      kind: 'create',
      payload: { title: 'Mug', sale_price: 12, category: 3 },
      note: 'sale_price: "SAR 12" read as 12 (the currency SAR removed)',
    });
    expect(row.issues.map((issue) => [issue.code, issue.severity])).toEqual([['currency_removed', 'warning']]);
  });
});
