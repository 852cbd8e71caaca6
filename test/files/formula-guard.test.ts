/** One formula guard for every CSV and XLSX file a person opens: formulas become text, numbers stay numbers. */
import { describe, expect, it } from 'vitest';
import { neutraliseCell } from '../../src/files/formula-guard.ts';

describe('neutraliseCell', () => {
  it.each([
    // What a spreadsheet would run gets an apostrophe.
    ['=1+2', "'=1+2"],
    ['=SUM(A1)', "'=SUM(A1)"],
    ['+cmd', "'+cmd"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tx', "'\tx"],
    ['\r=1', "'\r=1"],
    ['=', "'="],
    ['-', "'-"],
    ['--5', "'--5"],
    ['-5e3', "'-5e3"],
    ['+1 555 0100', "'+1 555 0100"],
    // A plain number is not a formula: it stays a number.
    ['-5', '-5'],
    ['-1', '-1'],
    ['+1', '+1'],
    ['+3.5', '+3.5'],
    ['-1,5', '-1,5'],
    ['42', '42'],
    // Nothing risky at the start: unchanged.
    ['plain', 'plain'],
    ['a=b', 'a=b'],
    ['شاي', 'شاي'],
    ['', ''],
  ])('%j -> %j', (input, output) => {
    expect(neutraliseCell(input)).toBe(output);
  });
});
