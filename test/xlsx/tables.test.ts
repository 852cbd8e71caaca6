/** An Excel Table's totals rows, from its table part (src/xlsx/read/tables.ts). */
import { describe, expect, it } from 'vitest';
import { parseTableTotals } from '../../src/xlsx/read/tables.ts';

const table = (attributes: string): string =>
  `<?xml version="1.0"?><table xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" id="1" ${attributes}><autoFilter ref="A1:C4"/></table>`;

describe('parseTableTotals', () => {
  it.each<[string, string, number[]]>([
    ['a totals row (Excel, XlsxWriter)', 'ref="A1:C5" totalsRowCount="1"', [5]],
    ['two totals rows', 'ref="B3:D10" totalsRowCount="2"', [9, 10]],
    ['none: totalsRowShown="0" only says none was ever shown', 'ref="A1:C5" totalsRowShown="0"', []],
    ['none: totalsRowShown="1" without a count (shown once, since removed)', 'ref="A1:C5" totalsRowShown="1"', []],
    ['none: no attribute', 'ref="A1:C5"', []],
    ['none: a ref without rows', 'ref="A:C" totalsRowCount="1"', []],
  ])('%s', (_case, attributes, rows) => {
    expect(parseTableTotals(table(attributes))).toEqual(rows);
  });
});
