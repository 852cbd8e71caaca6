/** The issues CSV never hands Excel a formula (the rule itself: test/files/formula-guard.test.ts). */
import { describe, expect, it } from 'vitest';
import { issuesCsv } from '../../src/sheet/map/issues-csv.ts';

describe('issues CSV', () => {
  it('neutralises the column and message cells, and keeps a plain number a number', () => {
    const csv = issuesCsv([
      { sheetName: null, issues: [{ row: 2, column: '=cmd', code: 'x', message: '@bad', severity: 'error' }] },
      { sheetName: 'Products', issues: [{ row: 3, column: '-5', code: 'y', message: '-2+3', severity: 'warning' }] },
    ]);
    expect(csv).toBe(
      "\uFEFFsheet,row,column,severity,code,message\r\n,2,'=cmd,error,x,'@bad\r\nProducts,3,-5,warning,y,'-2+3\r\n",
    );
  });
});
