/** Number formats: the text Excel shows for a number under a format code (src/xlsx/read/number-format.ts). */
import { describe, expect, it } from 'vitest';
import { BUILTIN_FORMATS, formatNumber, generalNumber, generalText } from '../../src/xlsx/read/number-format.ts';

const d = (iso: string): Date => new Date(iso);

const CASES: [value: number | Date, code: string, shown: string][] = [
  [12345678905, '000000000000', '012345678905'],
  [12.5, '0.00', '12.50'],
  [1234567, '#,##0', '1,234,567'],
  [1234.5, '#,##0.00', '1,234.50'],
  [0.25, '0%', '25%'],
  [0.125, '0.0%', '12.5%'],
  [123, '000000', '000123'],
  [-5, '0.00', '-5.00'],
  [-1234.5, '#,##0.00;(#,##0.00)', '(1,234.50)'],
  [0, '0.00;-0.00;"zero"', 'zero'],
  [19.99, '0.000', '19.990'],
  [1234567, '#,##0,"K"', '1,235K'],
  [12345, '0.00E+00', '1.23E+04'],
  [0.5, '#.##', '.5'],
  [3, '0.0#', '3.0'],
  [3.456, '0.0#', '3.46'],
  [45, '"$"#,##0.00', '$45.00'],
  [45, '[$€-407]#,##0.00', '€45.00'],
  [45, '#,##0.00 [$SAR]', '45.00 SAR'],
  [45, '[Red]0.0', '45.0'],
  [d('1899-12-30T13:45:00Z'), 'hh:mm', '13:45'],
  [d('2026-03-15T00:00:00Z'), 'yyyy-mm-dd', '2026-03-15'],
  [d('2026-03-15T00:00:00Z'), 'dd/mm/yyyy', '15/03/2026'],
  [d('2026-03-15T00:00:00Z'), 'm/d/yyyy', '3/15/2026'],
  [d('2026-03-15T00:00:00Z'), 'd-mmm-yy', '15-Mar-26'],
  [d('2026-03-15T14:05:09Z'), 'yyyy-mm-dd h:mm:ss', '2026-03-15 14:05:09'],
  [d('2026-03-15T14:05:09Z'), 'h:mm AM/PM', '2:05 PM'],
  [d('2026-03-15T14:05:09Z'), 'dddd, mmmm d', 'Sunday, March 15'],
  // A locale prefix's month and day names and AM/PM, as LibreOffice shows them.
  [d('2024-03-15T13:45:00Z'), '[$-401]d mmmm yyyy', '15 مارس 2024'],
  [d('2024-03-15T13:45:00Z'), '[$-401]ddd d mmm, h:mm AM/PM', 'الجمعة 15 مارس, 1:45 م'],
  [d('2024-03-15T13:45:00Z'), '[$-401]mmmmm', 'م'],
  [d('2024-03-15T13:45:00Z'), '[$-2000401]d mmmm', '١٥ مارس'],
  [d('2024-04-15T00:00:00Z'), '[$-C01]mmmm', 'ابريل'],
  [d('2024-01-15T00:00:00Z'), '[$-2001]mmmm dddd', 'يانير الإثنين'],
  [d('2024-01-15T00:00:00Z'), '[$-2801]mmmm', 'كانون الثاني'],
  [d('2024-01-15T00:00:00Z'), '[$-1401]mmmm ddd', 'جانفي ن'],
  [d('2024-01-15T00:00:00Z'), '[$-1801]mmmm', 'جـانفي'],
  [d('2024-01-15T00:00:00Z'), '[$-4801]mmmm', 'يناير'],
  [d('2024-03-15T13:45:00Z'), '[$-809]dddd d mmmm h:mm AM/PM', 'Friday 15 March 1:45 PM'],
  [d('2024-03-15T13:45:00Z'), '[$-40C]mmmm', 'March'],
  // A locale prefix's numeral system (number-locale.ts): native digits and separators, or none.
  [12.5, '[$-2000401]0.00', '١٢٫٥٠'],
  [1234567.5, '[$-2000401]#,##0.00', '١٬٢٣٤٬٥٦٧٫٥٠'],
  [12.5, '[$-3000429]0.00', '۱۲٫۵۰'],
  [2024, '[$-D00041E]0', '๒๐๒๔'],
  [12.5, '[$-401]0.00', '12.50'],
  [12.5, '[$ر.س.-401]0.00', 'ر.س.12.50'],
  [1.5, '[h]:mm', '36:00'],
  // A time the reader read as a Date (its serial below 60: one day later, as the reader counts).
  [d('1899-12-31T13:45:00Z'), '[h]:mm', '13:45'],
  [d('1899-12-30T13:44:59.9996Z'), 'hh:mm:ss', '13:45:00'],
  [434.9999999999999, 'General', '435'],
  [434.9999999999999, '0.00', '435.00'],
  [1.005, '0.00', '1.01'],
  [5, '0 "pcs"', '5 pcs'],
  [5, '@', '5'],
  // Fractions, as Excel's TEXT shows them: `?` keeps the width with spaces so fractions line up.
  [1.25, '# ?/?', '1 1/4'],
  [-1.25, '# ?/?', '-1 1/4'],
  [0.5, '# ?/?', ' 1/2'],
  [3, '# ?/?', '3    '],
  [0.99, '# ?/?', '1    '],
  [2.5, '# ??/??', '2  1/2 '],
  [3.14159, '# ??/??', '3 14/99'],
  [1.25, '?/?', '5/4'],
  [1.3, '# ?/8', '1 2/8'],
  [12.5, '0 ?/?', '12 1/2'],
];

describe('formatNumber', () => {
  it.each(CASES)('%s under %s shows %s', (value, code, shown) => {
    expect(formatNumber(value, code)).toBe(shown);
  });

  it('knows the built-in formats writers refer to by id only', () => {
    expect(formatNumber(12.5, BUILTIN_FORMATS.get(2)!)).toBe('12.50');
    expect(formatNumber(0.25, BUILTIN_FORMATS.get(9)!)).toBe('25%');
    expect(formatNumber(d('1899-12-30T13:45:00Z'), BUILTIN_FORMATS.get(20)!)).toBe('13:45');
  });
});

describe('General', () => {
  it('shows 15 significant digits, as the formula bar does', () => {
    expect(generalNumber(4.35 * 100)).toBe(435);
    expect(generalText(0.1 + 0.2)).toBe('0.3');
    expect(generalText(2 / 3)).toBe('0.666666666666667');
    expect(generalText(5012345678900)).toBe('5012345678900');
    expect(generalText(1e21)).toBe('1000000000000000000000');
  });
});
