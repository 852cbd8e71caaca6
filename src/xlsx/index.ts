/**
 * Our own XLSX (OOXML in a ZIP) reading and writing. It knows nothing of products, sheets'
 * meanings or reports: it reads a workbook's sheets as rows of cell values and writes one styled
 * sheet as a stream, and every failure is an XlsxError with a stable code.
 *
 * Why our own: exceljs 4.4.0's streaming reader damages multi-byte text at chunk boundaries
 * (Arabic catalogs), reads slower and holds more memory; its streaming writer takes 4x the CPU
 * of ours for results.xlsx and keeps the sheet's XML in memory until the end (RSS 230 vs 134 MB
 * at 100,000 rows, 422 vs 144 MB at 300,000). Figures in bench/RESULTS.md (sheet-read, xlsx-write).
 */
export { columnIndex, columnLetters, MAX_COLUMNS } from './columns.ts';
export { XlsxError, type XlsxErrorCode } from './error.ts';
export { XLSX_LIMITS, type XlsxLimits } from './limits.ts';
export type { UnsavedFormula, XlsxCell, XlsxRow, XlsxSheet } from './read/model.ts';
export { formatNumber, generalNumber, generalText } from './read/number-format.ts';
export { formatText } from './read/number-text.ts';
export { openWorkbook, type XlsxWorkbook } from './read/workbook.ts';
export type { XlsxCellFormat, XlsxColumn, XlsxPrintSetup } from './write/package.ts';
export { XlsxStreamWriter, type XlsxSheetOptions, type XlsxValue } from './write/sheet-writer.ts';
export { Utf8Chunks } from './write/utf8-chunks.ts';
export { EXCEL_CELL_LIMIT, excelCellText } from './write/xml-text.ts';
export type { ByteSink } from './zip/writer.ts';
export { zipComplete } from './zip/reader.ts';
export { ZIP_SIGNATURE } from './zip/signatures.ts';
