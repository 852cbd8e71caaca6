import ExcelJS from 'exceljs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { neutraliseCell } from '../../src/files/formula-guard.ts';
import type { ReportRow } from '../../src/report/report-row.ts';
import { ResultsXlsxWriter } from '../../src/report/xlsx-writer.ts';
import { EXCEL_CELL_LIMIT, excelCellText } from '../../src/xlsx/index.ts';
import { readSheetFile } from '../../src/sheet/read/index.ts';
import type { Cell } from '../../src/sheet/types.ts';
import { PROBLEM_OUTCOMES, type Outcome } from '../../src/outcome.ts';
import { useTempDir } from '../helpers/use-world.ts';

const tmp = useTempDir('xlsx-writer');

// `row` is a report column from an earlier report: not repeated as an input column.
const headers = ['title', 'title_ar', 'sale_price', 'وصف', 'row'];
const shownHeaders = ['row', 'outcome', 'message', 'title', 'title_ar', 'sale_price', 'وصف', 'http_status', 'attempts'];
const rtlColumns = [false, false, false, false, true, false, true, false, false];

/** Text XML cannot hold (control characters, a lone surrogate) is dropped; everything else comes back as written. */
const tricky: [written: string, readBack: string][] = [
  ['شاي أخضر – عضوي ١٢٣', 'شاي أخضر – عضوي ١٢٣'],
  ['a & b < c > d "q" \'s\'', 'a & b < c > d "q" \'s\''],
  ['two\r\nlines\tand tab', 'two\r\nlines\tand tab'],
  ['  padded  ', '  padded  '],
  ['bell\u0001\u0008\u000B\u001Fgone', 'bellgone'],
  ['lone \uD800 surrogate, pair 😀 kept', 'lone  surrogate, pair 😀 kept'],
  ['\uFFFEnon-characters\uFFFF', 'non-characters'],
  ['Excel escape _x0041_ stays literal', 'Excel escape _x0041_ stays literal'],
  ['</t></is></c><c>', '</t></is></c><c>'],
  [']]> and &amp;', ']]> and &amp;'],
];

function rowsFor(count: number): ReportRow[] {
  const outcomes: Outcome[] = [
    'created',
    'invalid',
    'skipped',
    'failed',
    'updated',
    'unknown',
    'unchanged',
    'status_changed',
  ];
  return Array.from({ length: count }, (_, i) => {
    const [text] = tricky[i % tricky.length]!;
    const outcome = outcomes[i % outcomes.length]!;
    return {
      row: i + 2,
      ...(i % 3 === 0 ? { originalRow: 100 + i } : {}),
      cells: [
        i % 4 === 1 ? `=HYPERLINK("x${i}")` : `Item ${i}`,
        text,
        i % 5 === 0 ? '-5' : `${i}.5`,
        i % 7 === 0 ? '' : `@وصف ${i}`,
        'old row',
      ],
      result: {
        row: i + 2,
        outcome,
        message: i % 6 === 0 ? '-dangerous message' : `msg ${i}`,
        httpStatus: i % 2 === 0 ? 200 + i : null,
        attempts: i % 4,
      },
    };
  });
}

/** The cells a report row should show, as text/numbers: sale_price is a number (as written). */
function expectedCells(row: ReportRow): (string | number)[] {
  const r = row.result;
  const readBack = tricky.find(([w]) => w === row.cells[1])?.[1] ?? row.cells[1]!;
  return [
    row.originalRow ?? row.row,
    r.outcome,
    neutraliseCell(r.message),
    neutraliseCell(row.cells[0]!),
    readBack,
    Number(row.cells[2]!),
    neutraliseCell(row.cells[3]!),
    r.httpStatus ?? '',
    r.attempts,
  ];
}

async function writeReport(rows: readonly ReportRow[]): Promise<string> {
  const file = join(tmp.dir, 'results.xlsx');
  const writer = new ResultsXlsxWriter(file, headers);
  for (const row of rows) await writer.write(row);
  await writer.commit();
  return file;
}

/** exceljs does not decode Excel's `_xHHHH_` escape (Excel, LibreOffice and our reader do): undo it here. */
function exceljsText(value: ExcelJS.CellValue): string | number {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.replaceAll('_x005F_', '_');
  if (typeof value === 'number') return value;
  throw new Error(`unexpected cell value ${JSON.stringify(value)}`);
}

function ourText(value: Cell | undefined): string | number {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string' || typeof value === 'number') return value;
  throw new Error(`unexpected cell value ${JSON.stringify(value)}`);
}

describe('ResultsXlsxWriter (own streaming XLSX writer)', () => {
  // Enough rows for several 64 KB deflate chunks.
  const rows = rowsFor(3_000);

  it('reads back cell for cell with exceljs: header, text, numbers, neutralised formulas, pane, fills, RTL', async () => {
    const file = await writeReport(rows);
    expect(await readdir(tmp.dir)).toEqual(['results.xlsx']);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(file);
    expect(book.worksheets.map((s) => s.name)).toEqual(['results']);
    const sheet = book.worksheets[0]!;
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1, xSplit: 3 });
    expect(sheet.rowCount).toBe(rows.length + 1);

    const header = sheet.getRow(1);
    expect(header.values).toEqual([undefined, ...shownHeaders]);
    shownHeaders.forEach((_, i) => {
      const cell = header.getCell(i + 1);
      expect(cell.font).toMatchObject({ bold: true });
      if (rtlColumns[i]) expect(cell.alignment).toMatchObject({ readingOrder: 'rtl', horizontal: 'right' });
    });
    rtlColumns.forEach((rtl, i) => {
      const column = sheet.getColumn(i + 1);
      expect(column.width).toBeGreaterThanOrEqual(6);
      if (rtl) expect(column.alignment).toMatchObject({ readingOrder: 'rtl', horizontal: 'right' });
      else expect(column.alignment).toBeUndefined();
    });

    rows.forEach((row, index) => {
      const shown = sheet.getRow(index + 2);
      const expected = expectedCells(row);
      const problem = PROBLEM_OUTCOMES.has(row.result.outcome);
      expected.forEach((value, i) => {
        const cell = shown.getCell(i + 1);
        expect(exceljsText(cell.value), `row ${index + 2} column ${i + 1}`).toEqual(value);
        if (problem)
          expect(cell.fill).toMatchObject({ type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFC7CE' } });
        else expect([undefined, 'none']).toContain((cell.fill as ExcelJS.FillPattern | undefined)?.pattern);
        if (rtlColumns[i]) expect(cell.alignment).toMatchObject({ readingOrder: 'rtl', horizontal: 'right' });
        else if (value !== '') expect(cell.alignment).toBeUndefined();
        expect(cell.font?.bold).not.toBe(true);
      });
    });
  });

  it('reads back cell for cell with our own reader (Arabic byte-exact, numbers as numbers)', async () => {
    const file = await writeReport(rows);
    const reader = await readSheetFile(file);
    expect(reader.format).toBe('xlsx');
    expect(reader.sheetName).toBe('results');
    expect(reader.headers).toEqual(shownHeaders);
    let seen = 0;
    for await (const raw of reader.rows) {
      const row = rows[raw.row - 2]!;
      expect(raw.row).toBe(seen + 2);
      const got = shownHeaders.map((_, i) => ourText(raw.values[i]));
      expect(got, `row ${raw.row}`).toEqual(expectedCells(row));
      seen++;
    }
    expect(seen).toBe(rows.length);
    const arabic = rows.find((r) => r.cells[1] === tricky[0]![0])!;
    expect(Buffer.from(String(expectedCells(arabic)[4]), 'utf8').equals(Buffer.from(tricky[0]![0], 'utf8'))).toBe(true);
  });

  it('opens in Excel laid out for reading: result columns first and frozen, filter, sized columns, numbers as numbers', async () => {
    const file = join(tmp.dir, 'results.xlsx');
    const writer = new ResultsXlsxWriter(file, ['product_id', 'title', 'barcode', 'sale_price', 'tag', 'stock']);
    const longTitle = 'Stainless steel insulated bottle 750 ml';
    const inputs = [
      ['1001', longTitle, '012345678905', '1249.5', '12.50', '7'],
      ['', 'Mug', '4006381333931', '-3', '007', '0'],
    ];
    for (const [i, cells] of inputs.entries())
      await writer.write({
        row: i + 2,
        cells,
        result: {
          row: i + 2,
          outcome: i === 0 ? 'updated' : 'invalid',
          message: i === 0 ? '' : 'product_id: needed to update this row; a create needs category_id too',
          httpStatus: i === 0 ? 200 : null,
          attempts: i === 0 ? 1 : 0,
        },
      });
    await writer.commit();

    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(file);
    const sheet = book.worksheets[0]!;
    const header = ['row', 'outcome', 'message', 'product_id', 'title', 'barcode', 'sale_price', 'tag', 'stock'];
    expect(sheet.getRow(1).values).toEqual([undefined, ...header, 'http_status', 'attempts']);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', xSplit: 3, ySplit: 1, topLeftCell: 'D2' });
    expect(sheet.autoFilter).toBe('A1:K3');
    const width = (name: string): number => sheet.getColumn(header.indexOf(name) + 1).width!;
    expect(width('title')).toBeGreaterThanOrEqual(longTitle.length);
    expect(width('message')).toBeGreaterThanOrEqual(70);
    expect(width('barcode')).toBeGreaterThanOrEqual('4006381333931'.length);
    expect(width('stock')).toBeLessThan(width('barcode'));
    const cell = (row: number, name: string): ExcelJS.Cell => sheet.getRow(row).getCell(header.indexOf(name) + 1);
    // Numbers a person filters or sums are numbers; codes whose digits Excel would change stay text.
    expect([2, 3].map((row) => cell(row, 'row').value)).toEqual([2, 3]);
    expect(cell(2, 'product_id').value).toBe(1001);
    expect([cell(2, 'sale_price').value, cell(3, 'sale_price').value]).toEqual([1249.5, -3]);
    expect([cell(2, 'stock').value, cell(3, 'stock').value]).toEqual([7, 0]);
    expect([cell(2, 'barcode').value, cell(3, 'barcode').value]).toEqual(['012345678905', '4006381333931']);
    expect([cell(2, 'tag').value, cell(3, 'tag').value]).toEqual(['12.50', '007']);
    expect(cell(3, 'product_id').value).toBeNull();
  });

  it('cuts a cell longer than Excel holds (32,767 characters), saying so; shorter cells are whole', async () => {
    const long = `${'وصف طويل '.repeat(5_000)}end`;
    const exact = 'x'.repeat(EXCEL_CELL_LIMIT);
    const file = await writeReport([
      {
        row: 2,
        cells: ['Long', long, '1', exact, ''],
        result: { row: 2, outcome: 'created', message: 'ok', httpStatus: 200, attempts: 1 },
      },
    ]);
    const reader = await readSheetFile(file);
    const got: Cell[][] = [];
    for await (const raw of reader.rows) got.push(raw.values);
    const cut = got[0]![4] as string;
    expect(long.length).toBeGreaterThan(EXCEL_CELL_LIMIT);
    expect(cut).toHaveLength(EXCEL_CELL_LIMIT);
    expect(cut.startsWith(long.slice(0, 30_000))).toBe(true);
    expect(cut.endsWith('[cut: an Excel cell holds 32,767 characters; results.csv has the whole text]')).toBe(true);
    expect(got[0]![6]).toBe(exact);
    // exceljs reads it too (Excel refuses longer cells).
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(file);
    expect(book.worksheets[0]!.getRow(2).getCell(5).value as string).toHaveLength(EXCEL_CELL_LIMIT);
  });

  it('never cuts inside a surrogate pair', () => {
    // The cut falls right after the emoji's first half.
    const keep = excelCellText('x'.repeat(EXCEL_CELL_LIMIT + 1)).indexOf(' … [cut');
    const emoji = `${'a'.repeat(keep - 1)}😀${'b'.repeat(100)}`;
    const cut = excelCellText(emoji);
    expect(cut.startsWith(`${'a'.repeat(keep - 1)} … [cut`)).toBe(true);
    expect(cut.length).toBeLessThanOrEqual(EXCEL_CELL_LIMIT);
    expect(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/.test(cut)).toBe(false);
  });

  it('writes a header-only workbook when no row came', async () => {
    const file = await writeReport([]);
    const reader = await readSheetFile(file);
    expect(reader.headers).toEqual(shownHeaders);
    const got: unknown[] = [];
    for await (const raw of reader.rows) got.push(raw);
    expect(got).toEqual([]);
  });

  it('leaves nothing behind when aborted part-way', async () => {
    const writer = new ResultsXlsxWriter(join(tmp.dir, 'results.xlsx'), headers);
    for (const row of rows.slice(0, 500)) await writer.write(row);
    await writer.abort();
    expect(await readdir(tmp.dir)).toEqual([]);
  });
});
