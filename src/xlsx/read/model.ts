/** What the reader hands over: the sheets of a workbook, their rows, and each cell's value as Excel stores it. */

/** A cell's value; an error cell (`#N/A`, `#DIV/0!`, ...) is `{ error }`; an empty cell is null. */
export type XlsxCell = string | number | boolean | Date | null | { readonly error: string };

/** One row of a sheet. `row` is the number Excel shows (1-based). */
export interface XlsxRow {
  row: number;
  values: XlsxCell[];
}

export interface XlsxSheet {
  name: string;
  /** The worksheet part, or null for a chart sheet or a dangling reference. */
  part: string | null;
  /** Hidden or very hidden in Excel. */
  hidden: boolean;
}
