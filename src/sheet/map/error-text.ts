/**
 * Error values as a CSV holds them: Excel and LibreOffice save an error cell as its text
 * (`#N/A`, LibreOffice's `Err:502`). In an XLSX the same cell is an error cell; either way the row
 * is not sent, unless a column map lists the column under `error_text:` (the text is then meant
 * as it is).
 */
const ERROR_TEXTS: ReadonlySet<string> = new Set([
  '#N/A',
  '#DIV/0!',
  '#VALUE!',
  '#REF!',
  '#NAME?',
  '#NUM!',
  '#NULL!',
  // Excel 365's dynamic arrays, data types, linked data and Python in Excel.
  '#SPILL!',
  '#CALC!',
  '#FIELD!',
  '#BLOCKED!',
  '#CONNECT!',
  '#BUSY!',
  '#UNKNOWN!',
  '#PYTHON!',
  '#GETTING_DATA',
]);

/** LibreOffice's error codes (Err:501 to Err:540 today): the ones it has no `#` name for. */
const LIBREOFFICE_ERROR = /^Err:5\d\d$/;

/** Trimmed cell text that is an error value, as spreadsheets write them (exact case). */
export function isErrorText(text: string): boolean {
  const first = text.charCodeAt(0);
  if (first === 35 /* # */) return ERROR_TEXTS.has(text);
  return first === 69 /* E */ && text.length === 7 && LIBREOFFICE_ERROR.test(text);
}
