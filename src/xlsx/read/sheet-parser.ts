/**
 * Turns a worksheet's XML events into rows of cells, as Excel stores them: shared and inline
 * strings, rich text (runs joined), formulas (the cached result, or `{ formula }` when none was
 * saved), numbers, booleans, dates (by the cell's number format), error cells as
 * `{ error: '#N/A' }`, and the number format of each formatted number cell (and of each text cell
 * whose format has a text section, `"Code: "@`). Hyperlink cells hold
 * their display text already; the link itself lives elsewhere and is not needed.
 */
import { columnIndex, MAX_COLUMNS } from '../columns.ts';
import { XlsxError } from '../error.ts';
import type { XlsxCell, XlsxRow } from './model.ts';
import type { XmlHandler } from './xml-scanner.ts';
import type { StringTable } from './string-table.ts';
import { detachString, excelSerialToDate, unescapeExcelString } from './values.ts';

export interface SheetContext {
  sharedStrings: StringTable;
  dateStyles: readonly boolean[];
  /** Per style index, the number format code (null: General). */
  numberFormats?: readonly (string | null)[];
  /** Per style index, whether its format shows text otherwise than as it is (a text section). */
  textStyles?: readonly boolean[];
  date1904: boolean;
  /** Characters of cell text one row may hold (XlsxLimits.rowChars). */
  maxRowChars: number;
}

/** Rows in an Excel sheet. */
export const MAX_ROWS = 1_048_576;

/** The number of the row after `previous`: its `r` if it has one, which must be whole and larger. */
function nextRowNumber(previous: number, r: string | undefined): number {
  if (r === undefined) {
    if (previous < MAX_ROWS) return previous + 1;
    throw new XlsxError(
      'damaged',
      `the sheet has a row after row ${MAX_ROWS.toLocaleString('en')}, the last one Excel has`,
    );
  }
  const row = Number(r);
  if (Number.isInteger(row) && row > previous && row <= MAX_ROWS) return row;
  const after = previous === 0 ? '' : ` after row ${previous}`;
  throw new XlsxError(
    'damaged',
    `the sheet's row numbers are damaged: row "${r}"${after} (rows must be numbered 1 to ${MAX_ROWS.toLocaleString('en')}, each above the one before)`,
  );
}

/** A zip bomb need not sit in the shared strings: a sheet row is bounded too. */
function rowTooLong(row: number, limit: number): XlsxError {
  return new XlsxError(
    'too_large',
    `row ${row} holds more than ${limit.toLocaleString('en')} characters of text, far more than a spreadsheet row: a damaged or hostile file`,
  );
}

function pastLastColumn(row: number, reference: string | undefined): XlsxError {
  const cell = reference === undefined ? `a cell in row ${row}` : `cell "${reference}" (row ${row})`;
  return new XlsxError(
    'damaged',
    `${cell} lies past column XFD, the last of the ${MAX_COLUMNS.toLocaleString('en')} columns a sheet has: a damaged file`,
  );
}

function badSharedString(row: number, raw: string): XlsxError {
  return new XlsxError(
    'damaged',
    `a cell in row ${row} refers to shared string "${raw}", which is no index into the table`,
  );
}

/**
 * `rows`: rows of cell values. `check`: the same reading with every check (row numbers, columns,
 * text per row, the XML itself) and no values kept, for the pass over the whole sheet that must
 * find a damaged file before its first row is handed out; `check()` then says how far into the
 * shared strings the cells reach.
 */
export type SheetParserMode = 'rows' | 'check';

export class SheetRowParser implements XmlHandler {
  /** Rows completed since the last `take()`. */
  private done: XlsxRow[] = [];
  private rowNumber = 0;
  private values: XlsxCell[] = [];
  private column = -1;
  private type = 'n';
  private style = 0;
  private captured = '';
  private capture = false;
  private inInline = false;
  private phonetic = 0;
  private hasValue = false;
  /** Characters of cell text in the current row. */
  private rowChars = 0;
  /** The cell has an `<f>`; its text is kept for the message when no result was saved. */
  private hasFormula = false;
  private formula = '';
  private captureFormula = false;
  /** This row's number format codes by column, created for the first formatted cell. */
  private formats: (string | undefined)[] | null = null;
  private rowHidden = false;
  /** The highest shared-string index a cell used (check mode). */
  private sharedIndex = -1;
  private readonly keepRows: boolean;

  constructor(
    private readonly context: SheetContext,
    mode: SheetParserMode = 'rows',
  ) {
    this.keepRows = mode === 'rows';
  }

  /** Check mode: the highest shared-string index a cell used so far (-1: none). */
  highestSharedString(): number {
    return this.sharedIndex;
  }

  take(): XlsxRow[] {
    const rows = this.done;
    this.done = [];
    return rows;
  }

  open(name: string, attributes: Record<string, string>, selfClosing: boolean): void {
    switch (name) {
      case 'row':
        this.rowNumber = nextRowNumber(this.rowNumber, attributes.r);
        this.rowHidden = attributes.hidden === '1' || attributes.hidden === 'true';
        this.rowChars = 0;
        this.values = [];
        this.column = -1;
        if (selfClosing) return;
        break;
      case 'c': {
        const reference = attributes.r;
        const index = reference === undefined ? -1 : columnIndex(reference);
        this.column = index === -1 ? this.column + 1 : index;
        // Bounds the row's array: a reference far past XFD would otherwise pad it with millions of nulls.
        if (this.column >= MAX_COLUMNS) throw pastLastColumn(this.rowNumber, reference);
        this.type = attributes.t ?? 'n';
        this.style = attributes.s !== undefined ? Number(attributes.s) : 0;
        this.captured = '';
        this.hasValue = false;
        this.hasFormula = false;
        break;
      }
      case 'f':
        this.hasFormula = true;
        this.formula = '';
        this.captureFormula = !selfClosing;
        break;
      case 'v':
        this.capture = !selfClosing;
        this.hasValue = true;
        break;
      case 'is':
        this.inInline = true;
        this.hasValue = true;
        break;
      case 't':
        this.capture = this.inInline && !selfClosing && this.phonetic === 0;
        break;
      case 'rPh':
        this.phonetic++;
        break;
    }
  }

  close(name: string): void {
    switch (name) {
      case 'v':
      case 't':
        this.capture = false;
        break;
      case 'f':
        this.captureFormula = false;
        break;
      case 'is':
        this.inInline = false;
        break;
      case 'rPh':
        this.phonetic--;
        break;
      case 'c': {
        if (!this.keepRows) {
          this.checkCell();
          break;
        }
        const cell =
          this.hasFormula && this.unsaved() ? { formula: this.formula } : this.hasValue ? this.cellValue() : null;
        if (cell !== null) {
          while (this.values.length < this.column) this.values.push(null);
          this.values[this.column] = cell;
          if (typeof cell === 'number' || cell instanceof Date || this.context.textStyles?.[this.style] === true)
            this.noteFormat();
        }
        break;
      }
      case 'row': {
        if (!this.keepRows) break;
        const row: XlsxRow = { row: this.rowNumber, values: this.values };
        if (this.formats !== null) row.formats = this.formats;
        if (this.rowHidden) row.hidden = true;
        this.done.push(row);
        this.values = [];
        this.formats = null;
        break;
      }
    }
  }

  text(text: string): void {
    this.rowChars += text.length;
    if (this.rowChars > this.context.maxRowChars) throw rowTooLong(this.rowNumber, this.context.maxRowChars);
    if (this.captureFormula) this.formula += text;
    else this.captured = this.captured.length === 0 ? text : this.captured + text;
  }

  wantsText(): boolean {
    return this.capture || this.captureFormula;
  }

  /**
   * A formula cell without a saved result: no `<v>`, or an empty one where the result is not a
   * string (an empty `<v>` under `t="str"` is a formula that gives "").
   */
  private unsaved(): boolean {
    if (!this.hasValue) return true;
    return this.captured === '' && this.type !== 'str' && this.type !== 'inlineStr';
  }

  private checkCell(): void {
    if (this.type !== 's' || !this.hasValue || (this.hasFormula && this.unsaved())) return;
    const index = Number(this.captured);
    if (!Number.isInteger(index) || index < 0 || this.captured.trim() === '')
      throw badSharedString(this.rowNumber, this.captured);
    if (index > this.sharedIndex) this.sharedIndex = index;
  }

  private noteFormat(): void {
    const code = this.context.numberFormats?.[this.style];
    if (code === null || code === undefined) return;
    this.formats ??= [];
    while (this.formats.length < this.column) this.formats.push(undefined);
    this.formats[this.column] = code;
  }

  private cellValue(): XlsxCell {
    const raw = this.captured;
    switch (this.type) {
      case 's': {
        // An index past the table was refused by the check pass (sheet-rows.ts) before any row.
        const value = this.context.sharedStrings.get(Number(raw));
        return value === undefined || value === '' ? null : value;
      }
      case 'str':
      case 'inlineStr':
        return raw === '' ? null : detachString(unescapeExcelString(raw));
      case 'b':
        return raw === '1' || raw.toLowerCase() === 'true';
      case 'e':
        return { error: raw };
      case 'd': {
        const date = new Date(raw);
        return raw === '' || Number.isNaN(date.getTime()) ? null : date;
      }
      default: {
        if (raw.trim() === '') return null;
        const value = Number(raw);
        if (Number.isNaN(value)) return detachString(raw);
        return this.context.dateStyles[this.style] === true ? excelSerialToDate(value, this.context.date1904) : value;
      }
    }
  }
}
