/** The issues CSV never hands Excel a formula. */
import { describe, expect, it } from 'vitest';
import { issuesCsv, neutraliseCell } from '../../src/sheet/map/issues-csv.ts';

describe('issues CSV', () => {
  it.each([
    ['=SUM(A1)', "'=SUM(A1)"],
    ['+1', "'+1"],
    ['-1', "'-1"],
    ['@x', "'@x"],
    ['plain', 'plain'],
    ['شاي', 'شاي'],
  ])('%j -> %j', (input, output) => {
    expect(neutraliseCell(input)).toBe(output);
  });

  it('neutralises the column and message cells too', () => {
    const csv = issuesCsv([
      { sheetName: null, issues: [{ row: 2, column: '=cmd', code: 'x', message: '@bad', severity: 'error' }] },
    ]);
    expect(csv).toBe("\uFEFFsheet,row,column,severity,code,message\r\n,2,'=cmd,error,x,'@bad\r\n");
  });
});
