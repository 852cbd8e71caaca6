/**
 * One cell to one value of the kind its column expects. Never throws: any cell gives a reading,
 * and a bad one says in words a shop operator understands what was expected.
 */
import { formatNumber, formatText, generalNumber, generalText } from '../../xlsx/index.ts';
import type { Cell } from '../types.ts';
import type { CellError } from './cell-reading.ts';
import { BLANK, fail, noted, quote, type CellReading, type ReadContext } from './cell-reading.ts';
import { isErrorText } from './error-text.ts';
import type { ValueSpec } from './fields.ts';
import { identifierNumber, looksScientific } from './identifiers.ts';
import { isPercentFormat } from './money.ts';
import { cleanText } from './text.ts';
import { checkNumber, expected, percentInPrice, readIds, readNumberValue } from './value-numbers.ts';

export { BLANK, CellError, Noted, type CellReading, type CellValue, type ReadContext } from './cell-reading.ts';
export { indexKey } from './value-numbers.ts';

/** Typed into a cell, sends an empty value (text fields only): blank cells are never sent. */
export const EMPTY_TOKEN = '#empty';

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
 * `format`: the XLSX number format of a number or date cell, or of a text cell whose format has a
 * text section. A text field takes the text Excel shows (012345678905 under `000000000000`,
 * `Code: abc` under `"Code: "@`); a number field takes the number as Excel shows it, to 15
 * significant digits (434.99999999999994 is 435).
 */
export function readCell(cell: Cell | undefined, spec: ValueSpec, ctx: ReadContext, format?: string): CellReading {
  if (cell === null || cell === undefined) return BLANK;
  if (typeof cell === 'object' && !(cell instanceof Date)) {
    if ('formula' in cell) {
      return fail(ctx, 'formula_without_value', 'formula_without_value', { formula: quoteFormula(cell.formula) });
    }
    return fail(ctx, 'cell_error', 'cell_error', { error: String(cell.error) });
  }
  if (typeof cell === 'string') {
    // A text cell has a format only when it has a text section (`"Code: "@`): Excel shows it so.
    const text = cleanText(format === undefined ? cell : formatText(cell, format));
    if (text === '') return BLANK;
    if (isErrorText(text) && !(ctx.errorText === true && spec.kind === 'text')) return errorTextCell(text, spec, ctx);
    if (text.length === EMPTY_TOKEN.length && text.toLowerCase() === EMPTY_TOKEN) {
      return spec.kind === 'text' ? '' : fail(ctx, 'empty_not_allowed', 'empty_not_allowed', {});
    }
    return readText(text, cell, spec, ctx);
  }
  if (spec.kind === 'text') {
    if (ctx.identifier === true && typeof cell === 'number') return readIdentifierNumber(cell, format, ctx);
    // Cleaned like typed text: a format's padding (`0_)` shows 6291000000001 followed by a space
    // the width of ")") lines the column up in Excel; it is not part of a barcode or a title.
    const text = cleanText(cellText(cell, format));
    return text === '' ? BLANK : text;
  }
  if (cell instanceof Date)
    return fail(ctx, 'unexpected_date', 'unexpected_date', { value: quote(dateText(cell)), expected: expected(spec) });
  if (typeof cell === 'boolean') {
    return spec.kind === 'flag'
      ? cell
        ? 1
        : 0
      : fail(ctx, 'not_a_number', 'not_a_number.expected', {
          value: cell ? 'TRUE' : 'FALSE',
          expected: expected(spec),
        });
  }
  if (spec.money === true && isPercentFormat(format)) return percentInPrice(cellText(cell, format), ctx);
  return checkNumber(generalNumber(cell), generalText(cell), spec, ctx);
}

/** A CSV's error value: the row is not sent, as with an XLSX error cell. */
function errorTextCell(text: string, spec: ValueSpec, ctx: ReadContext): CellError {
  return fail(ctx, 'cell_error', 'cell_error.text', { error: text, textColumn: spec.kind === 'text' ? 'yes' : 'no' });
}

function readIdentifierNumber(value: number, format: string | undefined, ctx: ReadContext): CellReading {
  const reading = identifierNumber(value, format);
  if (reading === null)
    return fail(ctx, 'identifier_digits_lost', 'identifier_digits_lost', { value: quote(generalText(value)) });
  if (reading.text === '') return BLANK;
  if (reading.text === reading.shown) return reading.text;
  return noted(ctx, reading.text, 'identifier_full_digits', 'identifier_full_digits', {
    sent: reading.text,
    format: format ?? 'General',
    shown: reading.shown,
  });
}

function quoteFormula(formula: string): string {
  const text = `=${formula}`;
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

function readText(text: string, original: string, spec: ValueSpec, ctx: ReadContext): CellReading {
  switch (spec.kind) {
    case 'text':
      if (ctx.identifier === true && looksScientific(text))
        return fail(ctx, 'scientific_display', 'scientific_display', { value: quote(original) });
      return text;
    case 'flag': {
      const flag = FLAG_WORDS.get(text.toLowerCase());
      return flag === undefined ? fail(ctx, 'not_a_flag', 'not_a_flag', { value: quote(original) }) : flag;
    }
    case 'ids':
      return readIds(text, original, ctx);
    default:
      return readNumberValue(text, original, spec, ctx);
  }
}
