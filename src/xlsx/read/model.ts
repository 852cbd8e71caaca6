/** What the reader hands over: the sheets of a workbook, their rows, and each cell's value as Excel stores it. */

/**
 * A cell's value; an error cell (`#N/A`, `#DIV/0!`, ...) is `{ error }`; a formula whose result
 * the writer never saved (openpyxl, scripts: only Excel and LibreOffice calculate) is
 * `{ formula }`, its text without `=`; an empty cell is null.
 */
export type XlsxCell = string | number | boolean | Date | null | { readonly error: string } | UnsavedFormula;

export interface UnsavedFormula {
  readonly formula: string;
}

/** One row of a sheet. `row` is the number Excel shows (1-based). */
export interface XlsxRow {
  row: number;
  values: XlsxCell[];
  /**
   * The number format code (`0.00`, `000000000000`, `hh:mm`, ...) of each number or date cell
   * whose format is not General, and of each text cell whose format has a text section
   * (`"Code: "@`), by column; absent when no cell of the row has one. formatNumber and formatText
   * turn a value and its code into the text Excel shows.
   */
  formats?: (string | undefined)[];
  /** Hidden in Excel: by hand, or filtered out by an AutoFilter (Excel saves both as `hidden`). */
  hidden?: true;
}

export interface XlsxSheet {
  name: string;
  /** The worksheet part, or null for a chart sheet or a dangling reference. */
  part: string | null;
  /** Hidden or very hidden in Excel. */
  hidden: boolean;
}
