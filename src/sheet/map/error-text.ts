/**
 * Error values as a CSV holds them: Excel and LibreOffice save an error cell as its text
 * (`#N/A`). In an XLSX the same cell is an error cell; either way the row is not sent, unless a
 * column map lists the column under `error_text:` (the text is then meant as it is).
 */
const ERROR_TEXTS: ReadonlySet<string> = new Set([
  '#N/A',
  '#DIV/0!',
  '#VALUE!',
  '#REF!',
  '#NAME?',
  '#NUM!',
  '#NULL!',
  // Excel 365's dynamic arrays and data types.
  '#SPILL!',
  '#CALC!',
]);

/** Trimmed cell text that is an error value, as spreadsheets write them (upper case). */
export function isErrorText(text: string): boolean {
  return text.charCodeAt(0) === 35 /* # */ && ERROR_TEXTS.has(text);
}
