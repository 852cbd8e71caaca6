/**
 * What an XLSX may unpack to. A few hundred KB of zip can inflate to gigabytes (a zip bomb, or a
 * damaged file): past these the file is refused with a clear error instead of exhausting memory,
 * which for a long-running watcher would mean a crash on every restart.
 */
export interface XlsxLimits {
  /** Characters in the shared strings table, kept while the sheet is read. */
  sharedStringChars: number;
  /**
   * Characters of the shared strings table kept in memory; the rest wait in a temporary file
   * (read/string-table.ts), so a large workbook's memory does not grow with its rows.
   */
  sharedStringsInMemoryChars: number;
  /** Bytes of a part read whole (workbook, relationships, styles). */
  partBytes: number;
  /** Characters of cell text in one sheet row (Excel holds at most 32,767 in a cell). */
  rowChars: number;
  /** Most times its packed size a part may unpack to (zip/reader.ts ZipBombGuard)... */
  maxRatio: number;
  /** ...once it unpacks to more than this many bytes. */
  graceBytes: number;
}

export const XLSX_LIMITS: XlsxLimits = {
  // ~512 MB of two-byte text; a 100,000-row Arabic catalog holds ~10-20 million characters.
  sharedStringChars: 256 * 1024 * 1024,
  // About 4 MB of two-byte text: a few thousand rows' worth stays in memory.
  sharedStringsInMemoryChars: 2 * 1024 * 1024,
  partBytes: 32 * 1024 * 1024,
  rowChars: 16 * 1024 * 1024,
  // Real parts pack about 3 to 30 to 1 (XML of text and numbers).
  maxRatio: 100,
  graceBytes: 1024 * 1024,
};
