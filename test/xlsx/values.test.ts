import { describe, expect, it } from 'vitest';
import { columnIndex } from '../../src/xlsx/columns.ts';
import { excelSerialToDate, isDateFormat, unescapeExcelString } from '../../src/xlsx/read/values.ts';

describe('XLSX value rules', () => {
  it.each([
    ['A1', 0],
    ['Z9', 25],
    ['AA10', 26],
    ['ab3', 27],
    ['XFD1', 16383],
    ['12', -1],
  ])('column of %s is %i', (reference, index) => {
    expect(columnIndex(reference)).toBe(index);
  });

  it.each([
    [14, undefined, true],
    [22, undefined, true],
    [0, undefined, false],
    [4, undefined, false],
    [164, 'yyyy-mm-dd', true],
    [165, '[$-409]d-mmm-yy;@', true],
    [166, '#,##0.00 "ر.س"', false],
    [167, '[Red]0.00', false],
    // An elapsed time is a duration, read as its number (right in the 1904 date system too).
    [168, '[h]:mm', false],
    [46, undefined, false],
    [171, '[mm]:ss', false],
    [169, '0.00E+00', false],
    [170, 'General', false],
  ])('number format %i %j is a date: %s', (id, code, expected) => {
    expect(isDateFormat(id, code)).toBe(expected);
  });

  it('turns Excel serials into the dates Excel shows, in both date systems', () => {
    expect(excelSerialToDate(45306, false)).toEqual(new Date(Date.UTC(2024, 0, 15)));
    expect(excelSerialToDate(45306.75, false)).toEqual(new Date(Date.UTC(2024, 0, 15, 18)));
    expect(excelSerialToDate(1, false)).toEqual(new Date(Date.UTC(1900, 0, 1)));
    expect(excelSerialToDate(61, false)).toEqual(new Date(Date.UTC(1900, 2, 1)));
    expect(excelSerialToDate(0, true)).toEqual(new Date(Date.UTC(1904, 0, 1)));
  });

  it('unescapes _xHHHH_ control characters', () => {
    expect(unescapeExcelString('line_x000D_\nnext_x005F_x')).toBe('line\r\nnext_x');
  });
});
