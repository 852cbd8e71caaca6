/** The reading side's public shapes: what the mapping (src/sheet/map) consumes. */
import type { XlsxLimits } from '../../xlsx/index.ts';
import type { RawRow } from '../types.ts';

export interface ReadOptions {
  /** CSV only: an encoding name iconv-lite knows (`utf-8`, `windows-1256`, `utf-16le`, ...). Detected when absent. */
  encoding?: string;
  /** CSV only: the field delimiter. Detected from the header line when absent. */
  delimiter?: string;
  /** XLSX only: the sheet to read. Default: a sheet named `Products` (any case), else the first sheet. */
  sheet?: string;
  /** XLSX only: how much a workbook may unpack to before it is refused (defaults: XLSX_LIMITS). */
  limits?: Partial<XlsxLimits>;
}

/** A sheet of a workbook as listed before any is read. */
export interface SheetListing {
  name: string;
  /** Hidden or very hidden in Excel: never read unless named. */
  hidden: boolean;
  /** False for a chart sheet or a dangling reference. */
  worksheet: boolean;
}

export interface SheetReader {
  file: string;
  format: 'csv' | 'xlsx';
  sheetName: string | null;
  /** The encoding used for a CSV file (detected or given); null for XLSX. */
  encoding: string | null;
  /** The delimiter used for a CSV file (detected or given); null for XLSX. */
  delimiter: string | null;
  /** The header row's cells exactly as written; trailing empty headers trimmed. */
  headers: string[];
  /** Excel row number of the header row (1 unless the sheet starts with empty rows). */
  headerRow: number;
  /**
   * CSV only: the fields of the header record as written, trailing empty ones included. A CSV
   * cell has nothing but its position, so a row with a filled field past this count has more
   * cells than the header, and its cells are shifted (an unquoted `12,50`). XLSX cells carry
   * their column letter: a cell beyond the header is an unnamed column, not a shift.
   */
  fieldCount?: number;
  /** XLSX: rows that are an Excel Table's totals row, left out of `rows` (a sum, not a product). */
  tableTotalsRows?: number[];
  /**
   * Data rows in file order; fully empty rows are skipped but numbering is kept.
   * Iterate once. Throws SheetFileError when the file turns out to be broken part-way.
   */
  rows: AsyncIterable<RawRow>;
  /** Releases the file when the rows are not read to the end. Safe to call twice. */
  close(): Promise<void>;
}
