/** The reading side's public shapes: what the mapping (src/sheet/map) consumes. */
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

/**
 * What an XLSX may unpack to. A few hundred KB of zip can inflate to gigabytes (a zip bomb, or a
 * damaged file): past these the file is refused with a clear error instead of exhausting memory,
 * which for the drop folder's watcher would mean a crash on every restart.
 */
export interface XlsxLimits {
  /** Characters in the shared strings table, which is held in memory while the sheet is read. */
  sharedStringChars: number;
  /** Bytes of a part read whole (workbook, relationships, styles). */
  partBytes: number;
}

export const XLSX_LIMITS: XlsxLimits = {
  // ~512 MB of two-byte text; a 100,000-row Arabic catalog holds ~10-20 million characters.
  sharedStringChars: 256 * 1024 * 1024,
  partBytes: 32 * 1024 * 1024,
};

/** A part of the workbook unpacks to more than XlsxLimits allow. */
export class TooLargeError extends Error {
  override readonly name = 'TooLargeError';
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
   * Data rows in file order; fully empty rows are skipped but numbering is kept.
   * Iterate once. Throws SheetFileError when the file turns out to be broken part-way.
   */
  rows: AsyncIterable<RawRow>;
  /** Releases the file when the rows are not read to the end. Safe to call twice. */
  close(): Promise<void>;
}
