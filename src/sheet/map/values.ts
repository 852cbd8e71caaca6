/**
 * One cell to one value of the kind its column expects. Never throws: any cell gives a reading,
 * and a bad one says in words a shop operator understands what was expected.
 */
import { formatNumber, generalNumber, generalText } from '../../xlsx/index.ts';
import type { Cell, RowIssue } from '../types.ts';
import { toAsciiDigits } from './digits.ts';
import type { ValueSpec } from './fields.ts';
import { readNumberText } from './numbers.ts';
import { cleanText } from './text.ts';

/** Typed into a cell, sends an empty value (text fields only): blank cells are never sent. */
export const EMPTY_TOKEN = '#empty';

export type CellValue = string | number | Record<string, number>;

/** A blank cell: left out of the payload. */
export const BLANK: unique symbol = Symbol('blank');

/** A cell that cannot be read as its column expects. */
export class CellError {
  constructor(
    readonly code: string,
    readonly message: string,
  ) {}

  /** The row issue that names this cell: an error, so the row is invalid. */
  issueAt(row: number, column: string): RowIssue {
    return { row, column, code: this.code, message: this.message, severity: 'error' };
  }
}

/**
 * The value itself when it reads (no wrapper: this runs for every cell of every row), BLANK, or
 * a CellError.
 */
export type CellReading = CellValue | typeof BLANK | CellError;

export interface ReadContext {
  /** The header as the user wrote it; messages start with it. */
  header: string;
  /** `;`-separated file: `12,5` means 12.5. */
  decimalComma: boolean;
}

const FLAG_WORDS: ReadonlyMap<string, 0 | 1> = new Map<string, 0 | 1>([
  ['1', 1],
  ['0', 0],
  ['yes', 1],
  ['no', 0],
  ['y', 1],
  ['n', 0],
  ['true', 1],
  ['false', 0],
  ['on', 1],
  ['off', 0],
  ['نعم', 1],
  ['لا', 0],
  ['صح', 1],
  ['خطأ', 0],
  ['١', 1],
  ['٠', 0],
  ['۱', 1],
  ['۰', 0],
]);

/** "3 - Perfumes", as the template's category dropdown writes it: the leading id counts. */
const ID_WITH_LABEL = /^(\d{1,15})\s*[-–—:]\s+\S/;

/**
 * The cell as text the way Excel shows it (text fields, reports, messages): a number or date
 * under its number format (`format`, from the XLSX), else a number to 15 significant digits.
 */
export function cellText(cell: Cell | undefined, format?: string): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'string') return cell;
  if (typeof cell === 'number') return format === undefined ? generalText(cell) : formatNumber(cell, format);
  if (typeof cell === 'boolean') return cell ? 'TRUE' : 'FALSE';
  if (cell instanceof Date) return format === undefined ? dateText(cell) : formatNumber(cell, format);
  return 'error' in cell ? String(cell.error) : `=${cell.formula}`;
}

/** Excel dates carry no zone: exceljs gives them as UTC. A midnight date is written as a day. */
export function dateText(date: Date): string {
  if (Number.isNaN(date.getTime())) return '';
  const iso = date.toISOString();
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.slice(0, 19).replace('T', ' ');
}

export function isBlankCell(cell: Cell | undefined): boolean {
  if (cell === null || cell === undefined) return true;
  return typeof cell === 'string' && cleanText(cell) === '';
}

/**
 * `format`: the XLSX number format of a number or date cell. A text field takes the text Excel
 * shows (012345678905 under `000000000000`); a number field takes the number as Excel shows it,
 * to 15 significant digits (434.99999999999994 is 435).
 */
export function readCell(cell: Cell | undefined, spec: ValueSpec, ctx: ReadContext, format?: string): CellReading {
  if (cell === null || cell === undefined) return BLANK;
  if (typeof cell === 'object' && !(cell instanceof Date)) {
    if ('formula' in cell) {
      return fail(
        ctx,
        'formula_without_value',
        `the formula ${quoteFormula(cell.formula)} has no saved value (the program that wrote the file does not calculate formulas); open the file in Excel or LibreOffice and save it, then try again`,
      );
    }
    return fail(ctx, 'cell_error', `the cell shows the error ${String(cell.error)}; fix the formula or type the value`);
  }
  if (typeof cell === 'string') {
    const text = cleanText(cell);
    if (text === '') return BLANK;
    if (text.length === EMPTY_TOKEN.length && text.toLowerCase() === EMPTY_TOKEN) {
      return spec.kind === 'text'
        ? ''
        : fail(
            ctx,
            'empty_not_allowed',
            `${EMPTY_TOKEN} clears text fields only; leave the cell blank to keep the current value`,
          );
    }
    return readText(text, cell, spec, ctx);
  }
  if (spec.kind === 'text') {
    // Cleaned like typed text: a format's padding (`0_)` shows 6291000000001 followed by a space
    // the width of ")") lines the column up in Excel; it is not part of a barcode or a title.
    const text = cleanText(cellText(cell, format));
    return text === '' ? BLANK : text;
  }
  if (cell instanceof Date)
    return fail(ctx, 'unexpected_date', `${quote(dateText(cell))} is a date, expected ${expected(spec)}`);
  if (typeof cell === 'boolean') {
    return spec.kind === 'flag'
      ? cell
        ? 1
        : 0
      : fail(ctx, 'not_a_number', `${cell ? 'TRUE' : 'FALSE'} is not a number (expected ${expected(spec)})`);
  }
  return checkNumber(generalNumber(cell), generalText(cell), spec, ctx);
}

function quoteFormula(formula: string): string {
  const text = `=${formula}`;
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

function readText(text: string, original: string, spec: ValueSpec, ctx: ReadContext): CellReading {
  switch (spec.kind) {
    case 'text':
      return text;
    case 'flag': {
      const flag = FLAG_WORDS.get(text.toLowerCase());
      return flag === undefined
        ? fail(ctx, 'not_a_flag', `${quote(original)} is not a yes/no value (expected 1 or 0, yes or no, نعم or لا)`)
        : flag;
    }
    case 'ids':
      return readIds(text, original, ctx);
    default: {
      const reading = readNumberText(text, ctx.decimalComma);
      if (reading.ok) return checkNumber(reading.value, original, spec, ctx);
      if (spec.kind === 'id') {
        const labelled = ID_WITH_LABEL.exec(toAsciiDigits(text));
        if (labelled?.[1]) return checkNumber(Number(labelled[1]), original, spec, ctx);
      }
      if (reading.reason === 'ambiguous') {
        return fail(
          ctx,
          'ambiguous_number',
          `${quote(original)} is ambiguous in a ;-separated file (thousands or decimals?); write it without the dot, or with a decimal comma`,
        );
      }
      if (reading.reason === 'decimal_comma') {
        return fail(
          ctx,
          'not_a_number',
          `${quote(original)} is not a number (use a decimal point, e.g. ${text.replace(',', '.')}; a decimal comma is read only in ;-separated files)`,
        );
      }
      if (spec.kind === 'id')
        return fail(ctx, 'not_an_id', `${quote(original)} is not an id (expected ${expected(spec)}, e.g. 12)`);
      return fail(ctx, 'not_a_number', `${quote(original)} is not a number (expected e.g. ${example(spec)})`);
    }
  }
}

function checkNumber(value: number, shown: string, spec: ValueSpec, ctx: ReadContext): CellReading {
  if (!Number.isFinite(value))
    return fail(ctx, 'not_a_number', `${quote(shown)} is not a number (expected e.g. ${example(spec)})`);
  switch (spec.kind) {
    case 'flag':
      return value === 0 || value === 1
        ? value
        : fail(ctx, 'not_a_flag', `${quote(shown)} is not a yes/no value (expected 1 or 0)`);
    case 'ids':
      return isId(value)
        ? { '0': value }
        : fail(ctx, 'not_an_id', `${quote(shown)} is not an id (expected whole numbers like 12|15)`);
    case 'id':
      return isId(value)
        ? value
        : fail(ctx, 'not_an_id', `${quote(shown)} is not an id (expected a whole number of 1 or more, e.g. 12)`);
    case 'whole':
      if (!Number.isSafeInteger(value))
        return fail(ctx, 'not_whole', `${quote(shown)} is not a whole number (expected e.g. ${example(spec)})`);
      return inRange(value, shown, spec, ctx);
    default:
      return inRange(value, shown, spec, ctx);
  }
}

function inRange(value: number, shown: string, spec: ValueSpec, ctx: ReadContext): CellReading {
  if (spec.min !== undefined && value < spec.min) {
    return fail(ctx, 'out_of_range', `${quote(shown)} is below ${spec.min} (expected ${expected(spec)})`);
  }
  return value;
}

const SIMPLE_IDS = /^[1-9]\d{0,14}(?:\|[1-9]\d{0,14})*$/;

function readIds(text: string, original: string, ctx: ReadContext): CellReading {
  const ids: Record<string, number> = {};
  if (SIMPLE_IDS.test(text)) {
    // The common case, `11|12|13`: no per-part trimming or number parsing rules needed.
    const parts = text.split('|');
    for (let i = 0; i < parts.length; i += 1) ids[indexKey(i)] = Number(parts[i]);
    return ids;
  }
  const parts = text.split('|');
  for (let i = 0; i < parts.length; i += 1) {
    const reading = readNumberText((parts[i] as string).trim(), false);
    if (!reading.ok || !isId(reading.value)) {
      return fail(
        ctx,
        'not_an_id',
        `${quote(original)} is not a list of ids (expected whole numbers separated by |, e.g. 12|15)`,
      );
    }
    ids[indexKey(i)] = reading.value;
  }
  return ids;
}

const INDEX_KEYS = Array.from({ length: 64 }, (_, i) => String(i));

/** "0", "1", ... (map keys of the API), without a string conversion per value. */
export function indexKey(i: number): string {
  return INDEX_KEYS[i] ?? String(i);
}

function isId(value: number): boolean {
  return Number.isSafeInteger(value) && value >= 1;
}

function expected(spec: ValueSpec): string {
  switch (spec.kind) {
    case 'flag':
      return '1 or 0';
    case 'id':
      return 'a whole number of 1 or more';
    case 'ids':
      return 'ids separated by |';
    case 'whole':
      return spec.min === undefined ? 'a whole number' : `a whole number of ${spec.min} or more`;
    case 'number':
      return spec.min === undefined ? 'a number' : `a number of ${spec.min} or more`;
    default:
      return 'text';
  }
}

function example(spec: ValueSpec): string {
  return spec.kind === 'number' ? '12.50' : '12';
}

function quote(text: string): string {
  return JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text);
}

function fail(ctx: ReadContext, code: string, detail: string): CellReading {
  return new CellError(code, `${ctx.header}: ${detail}`);
}
