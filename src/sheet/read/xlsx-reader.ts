/**
 * XLSX files, read with our own library (src/xlsx): which sheet is read, the header row, and
 * every XlsxError turned into a SheetFileError naming the file.
 */
import { NotRegularFileError } from '../../files/regular-file.ts';
import { openWorkbook, XlsxError, type XlsxRow, type XlsxSheet, type XlsxWorkbook } from '../../xlsx/index.ts';
import { said, type Said } from '../../messages/index.ts';
import { SheetFileError } from '../types.ts';
import type { Cell, RawRow } from '../types.ts';
import type { ReadOptions, SheetListing, SheetReader } from './types.ts';

const FILE_ERROR_CODE: Record<XlsxError['code'], string> = {
  damaged: 'corrupt_xlsx',
  too_large: 'too_large',
  not_xlsx: 'not_a_sheet',
  not_worksheet: 'not_a_worksheet',
  unreadable: 'unreadable_file',
  changed: 'file_changed',
};

/** The library's fixed texts, by their English words (the library speaks English only). */
const NOT_XLSX: Readonly<Record<string, Said>> = {
  'this is an OpenDocument spreadsheet (.ods); save it as .xlsx or CSV': said('file.ods', {}),
  'this is a Word document, not a sheet': said('file.word', {}),
  'this is a zip file but not an XLSX workbook': said('file.zip_not_xlsx', {}),
};

/** What the library's error says, as a message any language tells; its own detail kept as written. */
function detailOf(error: XlsxError): Said {
  const detail = error.message;
  switch (error.code) {
    case 'damaged':
      return said('file.damaged_xlsx', { detail });
    case 'too_large':
      return said('file.too_large', { detail });
    case 'changed':
      return said('file.changed', {});
    case 'not_worksheet': {
      const sheet = /^sheet "(.*)" is a chart sheet or is missing$/s.exec(detail)?.[1];
      return sheet === undefined ? said('file.unreadable', { detail }) : said('file.not_a_worksheet', { sheet });
    }
    case 'not_xlsx':
      return NOT_XLSX[detail] ?? said('file.unreadable', { detail });
    case 'unreadable':
      return said('file.unreadable', { detail });
  }
}

/** The library's error as the sheet reader's, naming the file. */
function fileError(file: string, error: unknown): unknown {
  if (error instanceof NotRegularFileError)
    return new SheetFileError(file, error.code, said('file.not_regular', { kind: error.kind }), { cause: error });
  if (!(error instanceof XlsxError)) return error;
  return new SheetFileError(file, FILE_ERROR_CODE[error.code], detailOf(error), { cause: error });
}

const isEmptyRow = (values: Cell[]): boolean => values.every((value) => value === null);

function headerText(cell: Cell | undefined): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return cell.toISOString();
  if (typeof cell === 'object') return 'error' in cell ? cell.error : `=${cell.formula}`;
  if (typeof cell === 'boolean') return cell ? 'TRUE' : 'FALSE';
  return String(cell);
}

function headersOf(values: Cell[]): string[] {
  const headers = Array.from({ length: values.length }, (_, i) => headerText(values[i]));
  let end = headers.length;
  while (end > 0 && headers[end - 1] === '') end--;
  return headers.slice(0, end);
}

async function open(file: string, options: ReadOptions): Promise<XlsxWorkbook> {
  try {
    return await openWorkbook(file, options.limits);
  } catch (error) {
    throw fileError(file, error);
  }
}

/** The rows that hold a value and are not a table's totals row, one at a time. */
async function* filledRows(
  file: string,
  batches: AsyncGenerator<XlsxRow[]>,
  totals: ReadonlySet<number>,
): AsyncGenerator<RawRow> {
  try {
    for await (const batch of batches)
      for (const row of batch) if (!isEmptyRow(row.values) && !totals.has(row.row)) yield row;
  } catch (error) {
    throw fileError(file, error);
  } finally {
    await batches.return(undefined);
  }
}

export async function openXlsx(file: string, options: ReadOptions = {}): Promise<SheetReader> {
  const workbook = await open(file, options);
  const sheet = chooseSheet(file, workbook.sheets, options.sheet);
  const totals = await tableTotals(file, workbook, sheet);
  const all = filledRows(file, workbook.rowBatches(sheet), new Set(totals));
  const first = await all.next();
  if (first.done === true) {
    await all.return(undefined);
    throw new SheetFileError(file, 'no_header', said('file.sheet_empty', { sheet: sheet.name }));
  }
  async function* rows(): AsyncGenerator<RawRow> {
    yield* all;
  }
  return {
    file,
    format: 'xlsx',
    sheetName: sheet.name,
    encoding: null,
    delimiter: null,
    headers: headersOf(first.value.values),
    headerRow: first.value.row,
    tableTotalsRows: totals,
    rows: rows(),
    close: async () => {
      await all.return(undefined);
    },
  };
}

async function tableTotals(file: string, workbook: XlsxWorkbook, sheet: XlsxSheet): Promise<number[]> {
  try {
    return await workbook.tableTotalsRows(sheet);
  } catch (error) {
    throw fileError(file, error);
  }
}

export async function xlsxSheets(file: string): Promise<SheetListing[]> {
  const workbook = await open(file, {});
  return workbook.sheets.map((sheet) => ({ name: sheet.name, hidden: sheet.hidden, worksheet: sheet.part !== null }));
}

/** The sheet asked for (any case), else a visible one named Products, else the first visible worksheet. */
export function chooseSheet(file: string, sheets: readonly XlsxSheet[], wanted: string | undefined): XlsxSheet {
  const named = (name: string): XlsxSheet | undefined =>
    sheets.find((sheet) => sheet.name === name) ??
    sheets.find((sheet) => sheet.name.toLowerCase() === name.toLowerCase());
  const firstShown = sheets.find((entry) => !entry.hidden && entry.part !== null) ?? sheets[0];
  // Hidden sheets are read only when named (src/sheet/choose-sheet.ts; open.ts always names one).
  const shownProducts = sheets.find((entry) => !entry.hidden && entry.name.toLowerCase() === 'products');
  const sheet = wanted !== undefined ? named(wanted) : (shownProducts ?? firstShown);
  if (sheet === undefined) {
    const names = sheets.map((entry) => `"${entry.name}"`).join(', ');
    throw new SheetFileError(
      file,
      wanted === undefined ? 'no_sheets' : 'sheet_not_found',
      wanted === undefined
        ? said('file.no_sheets', {})
        : said('file.sheet_not_found', { sheet: wanted, sheets: names }),
    );
  }
  if (sheet.part === null)
    throw new SheetFileError(file, 'not_a_worksheet', said('file.not_a_worksheet', { sheet: sheet.name }));
  return sheet;
}
