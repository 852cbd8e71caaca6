import { describe, expect, it } from 'vitest';
import { readSheetFile } from '../../src/sheet/read/index.ts';
import { fileError, fixture, readAll } from './helpers.ts';

describe('CSV rows keep the numbers Excel shows', () => {
  it('counts records, not lines, when quoted fields span lines; skips empty rows but keeps numbering', async () => {
    const { rows } = await readAll(fixture('quoted-newlines.csv'));
    expect(rows).toEqual([
      { row: 2, values: ['Blue shirt', 'السطر الأول\nالسطر الثاني', '120'] },
      { row: 3, values: ['Red mug', 'فيه "اقتباس"، وفاصلة', '35'] },
      { row: 5, values: ['Lamp', 'سطر\r\nوسطر\r\nوسطر', '249'] },
    ]);
  });

  it('trims trailing empty headers and gives blank cells as null', async () => {
    const { reader, rows } = await readAll(fixture('trailing-empty-headers.csv'));
    expect(reader.headers).toEqual(['title', 'sale_price']);
    expect(rows).toEqual([{ row: 2, values: ['Lamp', '249', null, null] }]);
  });

  it('reads a header-only file as zero rows', async () => {
    const { reader, rows } = await readAll(fixture('header-only.csv'));
    expect(reader.headers).toEqual(['title', 'sale_price']);
    expect(rows).toEqual([]);
  });
});

describe('files that cannot be read are one clear SheetFileError', () => {
  it.each([
    ['empty.csv', 'empty_file', 'the file is empty'],
    ['blank-lines-only.csv', 'no_header', 'no header row'],
    ['legacy.xls', 'legacy_xls', 'save it as .xlsx or CSV'],
    ['not-a-sheet.pdf', 'not_a_sheet', 'PDF'],
    ['does-not-exist.csv', 'unreadable_file', 'no such file'],
    ['unclosed-quote.csv', 'unreadable_csv', 'cannot read CSV near row 2: a quoted field opened there is never closed'],
  ])('%s -> %s', async (name, code, text) => {
    const error = await fileError(fixture(name));
    expect(error.code).toBe(code);
    expect(error.message).toContain(name);
    expect(error.message).toContain(text);
  });
});

describe('stopping early', () => {
  it.each(['quoted-newlines.csv', 'formulas-richtext.xlsx'])(
    '%s: break out of the rows, then close twice',
    async (name) => {
      const reader = await readSheetFile(fixture(name));
      for await (const row of reader.rows) {
        expect(row.row).toBe(2);
        break;
      }
      await reader.close();
      await expect(reader.close()).resolves.toBeUndefined();
    },
  );

  it('close before reading any row', async () => {
    const reader = await readSheetFile(fixture('utf8.csv'));
    await expect(reader.close()).resolves.toBeUndefined();
  });
});
