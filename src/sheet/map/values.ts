/**
 * One cell to one value of the kind its column expects. Never throws: any cell gives a reading,
 * and a bad one says in words a shop operator understands what was expected. What the cell itself
 * is (blank, an error, a formula, an error text, #empty) is settled here; then one call down, to
 * the column's kind: a text column is read here, a number, id or flag column by value-numbers.ts.
 */
import { formatText, generalText } from '../../xlsx/index.ts';
import type { Cell } from '../types.ts';
import { cellText } from './cell-text.ts';
import { BLANK, fail, noted, quote, type CellError, type CellReading, type ReadContext } from './cell-reading.ts';
import { isErrorText } from './error-text.ts';
import type { ValueSpec } from './fields.ts';
import { identifierNumber, looksScientific } from './identifiers.ts';
import { cleanText } from './text.ts';
import { numberFromCell, numberFromText } from './value-numbers.ts';

/** Typed into a cell, sends an empty value (text fields only): blank cells are never sent. */
export const EMPTY_TOKEN = '#empty';

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
  if (typeof cell !== 'string')
    return spec.kind === 'text' ? textFromCell(cell, ctx, format) : numberFromCell(cell, spec, ctx, format);
  // A text cell has a format only when it has a text section (`"Code: "@`): Excel shows it so.
  const text = cleanText(format === undefined ? cell : formatText(cell, format));
  if (text === '') return BLANK;
  if (isErrorText(text) && !(ctx.errorText === true && spec.kind === 'text')) return errorTextCell(text, spec, ctx);
  if (text.length === EMPTY_TOKEN.length && text.toLowerCase() === EMPTY_TOKEN) {
    return spec.kind === 'text' ? '' : fail(ctx, 'empty_not_allowed', 'empty_not_allowed', {});
  }
  if (spec.kind !== 'text') return numberFromText(text, cell, spec, ctx);
  if (ctx.identifier === true && looksScientific(text))
    return fail(ctx, 'scientific_display', 'scientific_display', { value: quote(cell) });
  return text;
}

/** A CSV's error value: the row is not sent, as with an XLSX error cell. */
function errorTextCell(text: string, spec: ValueSpec, ctx: ReadContext): CellError {
  return fail(ctx, 'cell_error', 'cell_error.text', { error: text, textColumn: spec.kind === 'text' ? 'yes' : 'no' });
}

function quoteFormula(formula: string): string {
  const text = `=${formula}`;
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

/** A number, date or TRUE/FALSE in a text column: the text Excel shows, an identifier's whole. */
function textFromCell(cell: number | boolean | Date, ctx: ReadContext, format: string | undefined): CellReading {
  if (ctx.identifier === true && typeof cell === 'number') return identifierFromNumber(cell, format, ctx);
  // Cleaned like typed text: a format's padding (`0_)` shows 6291000000001 followed by a space
  // the width of ")") lines the column up in Excel; it is not part of a barcode or a title.
  const text = cleanText(cellText(cell, format));
  return text === '' ? BLANK : text;
}

function identifierFromNumber(value: number, format: string | undefined, ctx: ReadContext): CellReading {
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
