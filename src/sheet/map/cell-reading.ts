/**
 * What reading one cell gives: the value, BLANK, a CellError that names the column, or a Noted
 * value whose note the row's message carries. The bottom of the cell readers (values.ts,
 * value-numbers.ts, category-cells.ts): they build their readings here, and it calls none of them.
 */
import { saidOf, type MessageKey, type ParamsOf, type Said } from '../../messages/index.ts';
import type { RowIssue } from '../types.ts';

export type CellValue = string | number | Record<string, number>;

/** A blank cell: left out of the payload. */
export const BLANK: unique symbol = Symbol('blank');

/** A cell that cannot be read as its column expects. */
export class CellError {
  /** The English text, as reports and the CLI print it. */
  readonly message: string;

  constructor(
    readonly code: string,
    readonly text: Said,
  ) {
    this.message = text.message;
  }

  /** The row issue that names this cell: an error, so the row is invalid. */
  issueAt(row: number, column: string): RowIssue {
    return { row, column, code: this.code, ...this.text, severity: 'error' };
  }
}

/**
 * A value read with a change the person should hear of (a currency removed, an identifier's full
 * digits sent): the note goes into the row's message. Rare, so the common reading stays unwrapped.
 */
export class Noted {
  constructor(
    readonly value: CellValue,
    readonly code: string,
    readonly text: Said,
  ) {}

  /** The English text of the note. */
  get note(): string {
    return this.text.message;
  }

  /** The warning that records the note on the row. */
  issueAt(row: number, column: string): RowIssue {
    return { row, column, code: this.code, ...this.text, severity: 'warning' };
  }
}

/**
 * The value itself when it reads (no wrapper: this runs for every cell of every row), BLANK, a
 * CellError, or a Noted value.
 */
export type CellReading = CellValue | typeof BLANK | CellError | Noted;

export interface ReadContext {
  /** The header as the user wrote it; messages start with it. */
  header: string;
  /** `;`-separated file: `12,5` means 12.5. */
  decimalComma: boolean;
  /** An identifier field (barcode, the key column): never sent with digits lost (identifiers.ts). */
  identifier?: boolean;
  /** The column map allows error values (`#N/A`) as text in this column (error-text.ts). */
  errorText?: boolean;
  /** A category column: a cell may name its category (category-cells.ts). */
  categories?: NameReader | undefined;
}

/** Reads a cell that names a category (category-cells.ts CategoryNames). */
export interface NameReader {
  readCell(text: string, original: string, ctx: ReadContext): CellReading;
}

/** A cell message's parameters but its column, which the context names. */
export type CellParams<K extends MessageKey> = Omit<ParamsOf<K>, 'column'>;

/** The cell's error, its message from the catalogue (`key`, the code or a variant of it). */
export function fail<K extends MessageKey>(ctx: ReadContext, code: string, key: K, params: CellParams<K>): CellError {
  return new CellError(code, saidOf({ key, params: { ...params, column: ctx.header } }));
}

/** A value read with a note, its message from the catalogue. */
export function noted<K extends MessageKey>(
  ctx: ReadContext,
  value: CellValue,
  code: string,
  key: K,
  params: CellParams<K>,
): Noted {
  return new Noted(value, code, saidOf({ key, params: { ...params, column: ctx.header } }));
}

export function quote(text: string): string {
  return JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text);
}
