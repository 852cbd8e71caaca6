/**
 * Numbers, ids and prices from what a cell holds: typed text (numbers.ts reads the digits and
 * separators), a currency around a price (money.ts), and the range each column allows.
 */
import { toAsciiDigits } from './digits.ts';
import type { ValueSpec } from './fields.ts';
import { isPercentText, withoutCurrency } from './money.ts';
import { readNumberText } from './numbers.ts';
import type { CellError } from './cell-reading.ts';
import { Noted, fail, quote, type CellReading, type ReadContext } from './cell-reading.ts';

/** Text in a number, whole or id column: the number, or why it is not one. */
export function readNumberValue(text: string, original: string, spec: ValueSpec, ctx: ReadContext): CellReading {
  const reading = readNumberText(text, ctx.decimalComma);
  if (reading.ok) return checkNumber(reading.value, original, spec, ctx);
  if (spec.money === true) {
    const money = readMoney(text, original, spec, ctx);
    if (money !== null) return money;
  }
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

/** "3 - Perfumes", as the template's category dropdown writes it: the leading id counts. */
const ID_WITH_LABEL = /^(\d{1,15})\s*[-–—:]\s+\S/;

/** A price with a currency sign or code, or a percentage where a price belongs; null: neither. */
function readMoney(text: string, original: string, spec: ValueSpec, ctx: ReadContext): CellReading | null {
  if (isPercentText(text)) return percentInPrice(original, ctx);
  const bare = withoutCurrency(text);
  if (bare === null) return null;
  const reading = readNumberText(bare.number, ctx.decimalComma);
  if (!reading.ok) return null;
  const value = checkNumber(reading.value, original, spec, ctx);
  if (typeof value !== 'number') return value;
  return new Noted(
    value,
    'currency_removed',
    `${ctx.header}: ${quote(original)} read as ${value} (the currency ${bare.currency} removed)`,
  );
}

export function checkNumber(value: number, shown: string, spec: ValueSpec, ctx: ReadContext): CellReading {
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

export function readIds(text: string, original: string, ctx: ReadContext): CellReading {
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

export function expected(spec: ValueSpec): string {
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

export function percentInPrice(shown: string, ctx: ReadContext): CellError {
  return fail(
    ctx,
    'percent_in_price',
    `${quote(shown)} is a percentage; a price is an amount of money (e.g. 12.50), and the store has no percent price: type the amount`,
  );
}
