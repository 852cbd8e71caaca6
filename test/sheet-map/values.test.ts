/** Table tests: one cell in, one reading out (src/sheet/map/values.ts). */
import { describe, expect, it } from 'vitest';
import type { Cell } from '../../src/sheet/types.ts';
import type { ValueSpec } from '../../src/sheet/map/fields.ts';
import { BLANK, CellError, type CellReading } from '../../src/sheet/map/cell-reading.ts';
import { readCell } from '../../src/sheet/map/values.ts';

const number: ValueSpec = { kind: 'number', min: 0 };
const id: ValueSpec = { kind: 'id' };
const whole: ValueSpec = { kind: 'whole', min: 0 };
const flag: ValueSpec = { kind: 'flag' };
const text: ValueSpec = { kind: 'text' };
const ids: ValueSpec = { kind: 'ids' };

function read(cell: Cell, spec: ValueSpec, decimalComma = false): CellReading {
  return readCell(cell, spec, { header: 'col', decimalComma });
}

function value(cell: Cell, spec: ValueSpec, decimalComma = false): unknown {
  const reading = read(cell, spec, decimalComma);
  if (reading === BLANK) return 'BLANK';
  return reading instanceof CellError ? `ERR:${reading.code}` : reading;
}

describe('numbers', () => {
  it.each<[Cell, boolean, unknown]>([
    ['12.50', false, 12.5],
    [' 12 ', false, 12],
    ['1,250.75', false, 1250.75],
    ['1 250', false, 1250],
    ['١٢٫٥٠', false, 12.5],
    ['۱۲۳', false, 123],
    ['١٬٢٥٠', false, 1250],
    ['12,5', false, 'ERR:not_a_number'],
    ['12,5', true, 12.5],
    ['1.234,50', true, 1234.5],
    ['12.50', true, 12.5],
    ['1.234', true, 'ERR:ambiguous_number'],
    ['12,5O', false, 'ERR:not_a_number'],
    ['-1', false, 'ERR:out_of_range'],
    ['1e3', false, 'ERR:not_a_number'],
    ['Infinity', false, 'ERR:not_a_number'],
    [12.5, false, 12.5],
    [Number.NaN, false, 'ERR:not_a_number'],
    [true, false, 'ERR:not_a_number'],
    [new Date(Date.UTC(2024, 0, 2)), false, 'ERR:unexpected_date'],
    [{ error: '#DIV/0!' }, false, 'ERR:cell_error'],
    ['', false, 'BLANK'],
    ['   ', false, 'BLANK'],
    [null, false, 'BLANK'],
    ['#empty', false, 'ERR:empty_not_allowed'],
  ])('%j (decimal comma %s) -> %j', (cell, decimalComma, expected) => {
    expect(value(cell, number, decimalComma)).toEqual(expected);
  });

  it('says what was expected, in words', () => {
    expect(read('12,5', number)).toMatchObject({
      code: 'not_a_number',
      message:
        'col: "12,5" is not a number (use a decimal point, e.g. 12.5; a decimal comma is read only in ;-separated files)',
    });
    expect(read({ error: '#REF!' }, number)).toMatchObject({
      message: 'col: the cell shows the error #REF!; fix the formula or type the value',
    });
  });
});

describe('ids, whole numbers, flags, id lists', () => {
  it.each<[Cell, ValueSpec, unknown]>([
    ['12', id, 12],
    [12, id, 12],
    ['12.0', id, 12],
    ['0', id, 'ERR:not_an_id'],
    ['1.5', id, 'ERR:not_an_id'],
    ['abc', id, 'ERR:not_an_id'],
    ['3 - Perfumes', id, 3],
    ['٣ - عطور', id, 3],
    ['7', whole, 7],
    ['7.5', whole, 'ERR:not_whole'],
    ['-1', whole, 'ERR:out_of_range'],
    ['1', flag, 1],
    ['0', flag, 0],
    ['Yes', flag, 1],
    ['no', flag, 0],
    ['TRUE', flag, 1],
    ['n', flag, 0],
    ['نعم', flag, 1],
    ['لا', flag, 0],
    [true, flag, 1],
    [false, flag, 0],
    [1, flag, 1],
    [2, flag, 'ERR:not_a_flag'],
    ['maybe', flag, 'ERR:not_a_flag'],
    ['11|12 | 13', ids, { '0': 11, '1': 12, '2': 13 }],
    [14, ids, { '0': 14 }],
    ['11|x', ids, 'ERR:not_an_id'],
    ['11||12', ids, 'ERR:not_an_id'],
  ])('%j as %j -> %j', (cell, spec, expected) => {
    expect(value(cell, spec)).toEqual(expected);
  });
});

describe('text', () => {
  it.each<[Cell, unknown]>([
    ['  شاي  ', 'شاي'],
    ['\u200Fشاي\u200E', 'شاي'],
    ['مَرْحَبًا', 'مَرْحَبًا'],
    ['#EMPTY', ''],
    [628100000001, '628100000001'],
    [1e21, '1000000000000000000000'],
    [new Date(Date.UTC(2024, 4, 6)), '2024-05-06'],
    [new Date(Date.UTC(2024, 4, 6, 13, 5)), '2024-05-06 13:05:00'],
    [true, 'TRUE'],
  ])('%j -> %j', (cell, expected) => {
    expect(value(cell, text)).toEqual(expected);
  });

  it('takes a number as its format shows it, without the padding that lines the column up', () => {
    const withFormat = (cell: Cell, format: string) =>
      readCell(cell, text, { header: 'col', decimalComma: false }, format);
    expect(withFormat(6291000000001, '0_)')).toBe('6291000000001');
    expect(withFormat(12345678905, '000000000000')).toBe('012345678905');
    // A format that shows nothing (`;;;`) leaves the field as it is, as a blank cell does.
    expect(withFormat(5, ';;;')).toBe(BLANK);
  });

  it('keeps Arabic byte-exact (no Unicode normalisation)', () => {
    const decomposed = 'ا\u0653'; // alef + madda above, not composed to آ
    expect(value(decomposed, text)).toBe(decomposed);
  });
});
