import { describe, expect, it } from 'vitest';
import { listSheets, readSheetFile } from '../../src/sheet/read/index.ts';
import { CELL_TYPES_HEADERS } from '../fixtures/read/make-xlsx-fixtures.ts';
import { fidelity, fileError, fixture, readAll } from './helpers.ts';

describe('XLSX cells arrive as Excel stores them', () => {
  it('reads strings, numbers, dates, booleans, formulas (cached result), rich text, hyperlinks and errors', async () => {
    const { reader, rows } = await readAll(fixture('formulas-richtext.xlsx'));
    expect(reader).toMatchObject({
      format: 'xlsx',
      sheetName: 'Products',
      encoding: null,
      delimiter: null,
      headerRow: 1,
    });
    expect(reader.headers).toEqual(CELL_TYPES_HEADERS);
    expect(rows).toEqual([
      {
        row: 2,
        values: [
          'Lamp',
          'مصباح مكتب',
          249.5,
          new Date(Date.UTC(2024, 0, 15, 13, 30)),
          true,
          499,
          'قميص أزرق',
          'موقعنا',
          { error: '#N/A' },
          'Lamp مصباح مكتب',
        ],
        // The number format of each formatted number or date cell (src/xlsx/read/number-format.ts).
        formats: [undefined, undefined, undefined, 'yyyy-mm-dd hh:mm'],
      },
      // Row 3 is empty: skipped, numbering kept. Entities survive; a raw CR LF reads as LF, as in Excel (XML end-of-line handling).
      { row: 4, values: ['A & B <c>', 'سطر\nسطر', 0, null, false], formats: [undefined, undefined, '#,##0.00'] },
    ]);
  });

  it('reads inline strings (exceljs streaming writer) and trims trailing empty headers', async () => {
    const { reader, rows } = await readAll(fixture('inline-strings.xlsx'));
    expect(reader.sheetName).toBe('Sheet1');
    expect(reader.headers).toEqual(['title', 'title_ar', 'sale_price']);
    expect(rows).toEqual([
      { row: 2, values: ['Blue shirt', 'قميص قطني أزرق', 120] },
      { row: 3, values: ['Red mug', 'كوب أحمر', 35.5] },
    ]);
  });

  it('reads a workbook saved by LibreOffice Calc: formulas, its own date format, HYPERLINK(), #N/A', async () => {
    const { reader, rows } = await readAll(fixture('libreoffice.xlsx'));
    expect(reader.headers).toEqual(['title', 'title_ar', 'sale_price', 'double', 'launch', 'link', 'enabled']);
    expect(rows).toEqual([
      {
        row: 2,
        values: ['Lamp', 'مصباح مكتب', 249.5, 499, new Date(Date.UTC(2024, 0, 15)), 'موقعنا', true],
        formats: [undefined, undefined, undefined, undefined, 'yyyy\\-mm\\-dd'],
      },
      {
        row: 3,
        values: ['Mug', 'كوب أحمر', 35, 70, new Date(Date.UTC(2024, 1, 29)), { error: '#N/A' }, false],
        formats: [undefined, undefined, undefined, undefined, 'yyyy\\-mm\\-dd'],
      },
    ]);
  });
});

describe('line ends in cell text, as an XML parser reads them (XML 1.0 section 2.11)', () => {
  it('a raw CR LF, or a lone CR, is one LF', async () => {
    const { rows } = await readAll(fixture('raw-crlf-in-text.xlsx'));
    expect(rows).toEqual([
      { row: 2, values: ['Lamp', 'ضوء دافئ\nقابل للطي'] },
      { row: 3, values: ['Mug', 'سعة 350 مل\nيغسل في الجلاية\nصنع في مصر'] },
    ]);
  });

  it('a CR written as a reference (`&#13;`, as openpyxl writes it) is a CR the writer meant', async () => {
    const { rows } = await readAll(fidelity('arabic-crlf.openpyxl.xlsx'));
    expect(rows[0]).toEqual({ row: 2, values: [1001, 'مصباح مكتب', 'ضوء دافئ\r\nقابل للطي'] });
  });
});

describe('XLSX sheets', () => {
  it('lists sheets in workbook order, hidden ones marked; a CSV has none', async () => {
    await expect(listSheets(fixture('formulas-richtext.xlsx'))).resolves.toEqual([
      { name: 'Notes', hidden: false, worksheet: true },
      { name: 'Products', hidden: false, worksheet: true },
    ]);
    await expect(listSheets(fixture('utf8.csv'))).resolves.toBeNull();
  });

  it('prefers a sheet named Products, else reads the one asked for (any case)', async () => {
    const notes = await readSheetFile(fixture('formulas-richtext.xlsx'), { sheet: 'notes' });
    expect(notes.sheetName).toBe('Notes');
    expect(notes.headers).toEqual(['not the products']);
    await notes.close();
  });

  it('defaults to the first visible sheet when none is named Products', async () => {
    const { reader, rows } = await readAll(fixture('hidden-first-sheet.xlsx'));
    expect(reader.sheetName).toBe('Catalog');
    expect(rows).toEqual([{ row: 2, values: ['Lamp', 249] }]);
  });

  it('names the sheets when the one asked for is missing', async () => {
    const error = await fileError(fixture('formulas-richtext.xlsx'), { sheet: 'Brands' });
    expect(error).toEqual({
      code: 'sheet_not_found',
      message: expect.stringContaining('there is no sheet named "Brands" (sheets: "Notes", "Products")') as unknown,
    });
  });
});

describe('XLSX files that cannot be read', () => {
  it.each([
    ['empty-sheet.xlsx', 'no_header', 'sheet "Products" is empty'],
    ['not-xlsx.zip', 'not_a_sheet', 'zip file but not an XLSX workbook'],
    ['libreoffice.ods', 'not_a_sheet', 'OpenDocument spreadsheet (.ods); save it as .xlsx or CSV'],
  ])('%s -> %s', async (name, code, text) => {
    const error = await fileError(fixture(name));
    expect(error.code).toBe(code);
    expect(error.message).toContain(text);
  });
});
