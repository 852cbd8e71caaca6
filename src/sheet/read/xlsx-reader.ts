/**
 * XLSX files read with our own streaming reader over the package parts: shared strings as a
 * plain string array, then the chosen sheet streamed row by row. Bytes are decoded with a
 * streaming TextDecoder, so Arabic text split across zip chunks stays intact (exceljs 4.4.0's
 * streaming reader turns it into U+FFFD).
 */
import { SheetFileError } from '../types.ts';
import type { Cell, RawRow } from '../types.ts';
import { chooseSheet, openWorkbook } from './xlsx-workbook.ts';
import { parseDateStyles } from './xlsx-parts.ts';
import { readSharedStrings } from './xlsx-shared-strings.ts';
import { SheetRowParser } from './xlsx-sheet-parser.ts';
import type { SheetContext } from './xlsx-sheet-parser.ts';
import { XmlScanner } from './xml-scanner.ts';
import { TooLargeError, XLSX_LIMITS, type ReadOptions, type SheetReader } from './types.ts';
import type { ZipArchive } from './zip.ts';

const isEmptyRow = (values: Cell[]): boolean => values.every((value) => value === null);

function headerText(cell: Cell | undefined): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return cell.toISOString();
  if (typeof cell === 'object') return cell.error;
  if (typeof cell === 'boolean') return cell ? 'TRUE' : 'FALSE';
  return String(cell);
}

function headersOf(values: Cell[]): string[] {
  const headers = Array.from({ length: values.length }, (_, i) => headerText(values[i]));
  let end = headers.length;
  while (end > 0 && headers[end - 1] === '') end--;
  return headers.slice(0, end);
}

async function* sheetRows(file: string, zip: ZipArchive, part: string, context: SheetContext): AsyncGenerator<RawRow> {
  const stream = await zip.stream(part);
  if (stream === null) throw new SheetFileError(file, 'corrupt_xlsx', `the sheet part ${part} is missing`);
  const parser = new SheetRowParser(context);
  const scanner = new XmlScanner(parser);
  const decoder = new TextDecoder('utf-8');
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      scanner.write(decoder.decode(chunk, { stream: true }));
      for (const row of parser.take()) if (!isEmptyRow(row.values)) yield row;
    }
    scanner.write(decoder.decode());
    scanner.end();
    for (const row of parser.take()) if (!isEmptyRow(row.values)) yield row;
  } catch (error) {
    if (error instanceof SheetFileError) throw error;
    throw new SheetFileError(file, 'corrupt_xlsx', `the sheet cannot be read (${(error as Error).message})`, {
      cause: error,
    });
  } finally {
    stream.destroy();
  }
}

export async function openXlsx(file: string, options: ReadOptions = {}): Promise<SheetReader> {
  const workbook = await openWorkbook(file);
  const sheet = chooseSheet(file, workbook.sheets, options.sheet);
  const { zip } = workbook;
  let context: SheetContext;
  try {
    const limits = { ...XLSX_LIMITS, ...options.limits };
    const sharedStream = workbook.sharedStringsPart === null ? null : await zip.stream(workbook.sharedStringsPart);
    const stylesXml = workbook.stylesPart === null ? null : await zip.text(workbook.stylesPart, limits.partBytes);
    context = {
      sharedStrings: sharedStream === null ? [] : await readSharedStrings(sharedStream, limits.sharedStringChars),
      dateStyles: stylesXml === null ? [] : parseDateStyles(stylesXml),
      date1904: workbook.date1904,
    };
  } catch (error) {
    if (error instanceof TooLargeError)
      throw new SheetFileError(file, 'too_large', `the workbook cannot be read: ${error.message}`, { cause: error });
    throw new SheetFileError(file, 'corrupt_xlsx', `the workbook cannot be read (${(error as Error).message})`, {
      cause: error,
    });
  }

  const all = sheetRows(file, zip, sheet.part!, context);
  const first = await all.next();
  if (first.done === true) {
    await all.return(undefined);
    throw new SheetFileError(file, 'no_header', `sheet "${sheet.name}" is empty: it has no header row`);
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
    rows: rows(),
    close: async () => {
      await all.return(undefined);
    },
  };
}

export async function xlsxSheetNames(file: string): Promise<string[]> {
  const workbook = await openWorkbook(file);
  return workbook.sheets.map((sheet) => sheet.name);
}
