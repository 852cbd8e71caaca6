import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvLine } from '../../src/report/csv-writers.ts';
import { neutraliseCell } from '../../src/files/formula-guard.ts';

describe('csvLine', () => {
  it('reads back as the same cells (after neutralising) with csv-parse', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'grapheme' }), { minLength: 1, maxLength: 6 }), (cells) => {
        const records: string[][] = parse(csvLine(cells), { relax_column_count: true });
        const record = records[0];
        expect(record).toEqual(cells.map(neutraliseCell));
      }),
    );
  });

  it('quotes only what needs it', () => {
    expect(csvLine(['a', 'شاي', 'x,y', 'say "hi"', ' lead', 'two\nlines'])).toBe(
      'a,شاي,"x,y","say ""hi"""," lead","two\nlines"\r\n',
    );
  });
});
