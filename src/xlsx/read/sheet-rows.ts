/**
 * One worksheet's rows, streamed in batches (the rows each inflated chunk completes): the shared
 * strings (a string table, string-table.ts) and the date styles first, beside a check of the whole sheet
 * part, then the sheet part row by row. Bytes are decoded with a streaming TextDecoder, so Arabic
 * text split across zip chunks stays intact (exceljs 4.4.0's streaming reader turns it into U+FFFD).
 */
import { asXlsxError, XlsxError } from '../error.ts';
import type { XlsxLimits } from '../limits.ts';
import type { ZipArchive } from '../zip/reader.ts';
import type { XlsxRow, XlsxSheet } from './model.ts';
import { parseCellStyles } from './parts.ts';
import { readSharedStrings } from './shared-strings.ts';
import { stringsInMemory } from './string-table.ts';
import { SheetRowParser, type SheetContext } from './sheet-parser.ts';
import { XmlScanner } from './xml-scanner.ts';

export interface WorkbookParts {
  sharedStrings: string | null;
  styles: string | null;
}

async function readContext(
  zip: ZipArchive,
  parts: WorkbookParts,
  date1904: boolean,
  limits: XlsxLimits,
): Promise<SheetContext> {
  let sharedStrings = stringsInMemory([]);
  try {
    const sharedBytes = parts.sharedStrings === null ? null : zip.bytes(parts.sharedStrings);
    const stylesXml = parts.styles === null ? null : await zip.text(parts.styles, limits.partBytes);
    if (sharedBytes !== null)
      sharedStrings = await readSharedStrings(sharedBytes, limits.sharedStringChars, limits.sharedStringsInMemoryChars);
    return {
      sharedStrings,
      ...(stylesXml === null ? { dateStyles: [], numberFormats: [], textStyles: [] } : parseCellStyles(stylesXml)),
      date1904,
      maxRowChars: limits.rowChars,
    };
  } catch (error) {
    sharedStrings.close();
    throw asXlsxError(error, 'the workbook cannot be read');
  }
}

/** The sheet part through a parser, chunk by chunk: the rows each chunk completes. */
async function* parsed(bytes: AsyncGenerator<Buffer>, parser: SheetRowParser): AsyncGenerator<XlsxRow[]> {
  const scanner = new XmlScanner(parser);
  const decoder = new TextDecoder('utf-8');
  try {
    for await (const chunk of bytes) {
      scanner.write(decoder.decode(chunk, { stream: true }));
      const rows = parser.take();
      if (rows.length > 0) yield rows;
    }
    scanner.write(decoder.decode());
    scanner.end();
    const rows = parser.take();
    if (rows.length > 0) yield rows;
  } catch (error) {
    throw asXlsxError(error, 'the sheet cannot be read');
  } finally {
    await bytes.return(undefined);
  }
}

function sheetBytes(zip: ZipArchive, part: string): AsyncGenerator<Buffer> {
  const bytes = zip.bytes(part);
  if (bytes === null) throw new XlsxError('damaged', `the sheet part ${part} is missing`);
  return bytes;
}

/**
 * The whole sheet part read once before any row leaves: its CRC-32 and size (damaged deflate data
 * can inflate to other rows that look fine) and everything the row pass would refuse part-way
 * (row numbers, columns past XFD, text per row, XML that never ends), so a damaged file fails
 * before its first row is sent, never after. Returns the highest shared-string index a cell uses.
 */
async function checkSheet(zip: ZipArchive, part: string, limits: XlsxLimits): Promise<number> {
  const parser = new SheetRowParser(
    { sharedStrings: stringsInMemory([]), dateStyles: [], date1904: false, maxRowChars: limits.rowChars },
    'check',
  );
  for await (const _rows of parsed(sheetBytes(zip, part), parser));
  return parser.highestSharedString();
}

export async function* sheetRowBatches(
  zip: ZipArchive,
  sheet: XlsxSheet,
  parts: WorkbookParts,
  options: { date1904: boolean; limits: XlsxLimits },
): AsyncGenerator<XlsxRow[]> {
  if (sheet.part === null) throw new XlsxError('not_worksheet', `sheet "${sheet.name}" is a chart sheet or is missing`);
  // No row may leave before the whole sheet part is checked (checkSheet). The check runs beside
  // the reading of the shared strings: its inflating happens on the thread pool.
  const [read, checked] = await Promise.allSettled([
    readContext(zip, parts, options.date1904, options.limits),
    checkSheet(zip, sheet.part, options.limits),
  ]);
  if (read.status === 'rejected') throw read.reason;
  const context = read.value;
  try {
    if (checked.status === 'rejected') throw checked.reason;
    const highestShared = checked.value;
    if (highestShared >= context.sharedStrings.length)
      throw new XlsxError(
        'damaged',
        `a cell refers to shared string ${highestShared}, but the table holds ${context.sharedStrings.length.toLocaleString('en')}`,
      );
    // The row pass reads the part again, from the file the check passed or not at all (ZipArchive).
    yield* parsed(sheetBytes(zip, sheet.part), new SheetRowParser(context));
  } finally {
    // The table's temporary file, if it has one, goes with the reading (finished, failed or stopped).
    context.sharedStrings.close();
  }
}
