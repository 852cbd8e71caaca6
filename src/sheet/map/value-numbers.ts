/**
 * Numbers, ids and prices from what a cell holds: typed text (numbers.ts reads the digits and
 * separators), a currency around a price (money.ts), and the range each column allows.
 */
import { looksLikeName } from './category-cells.ts';
import { toAsciiDigits } from './digits.ts';
import type { ValueSpec } from './fields.ts';
import { isPercentText, withoutCurrency } from './money.ts';
import { readNumberText } from './numbers.ts';
import type { CellError } from './cell-reading.ts';
import { fail, noted, quote, type CellReading, type ReadContext } from './cell-reading.ts';
import { ref, type MessageRef } from '../../messages/index.ts';

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
    if (ctx.categories && looksLikeName(text)) return ctx.categories.readCell(text, original, ctx);
  }
  if (reading.reason === 'ambiguous') {
    return fail(ctx, 'ambiguous_number', 'ambiguous_number', { value: quote(original) });
  }
  if (reading.reason === 'decimal_comma') {
    return fail(ctx, 'not_a_number', 'not_a_number.decimal_comma', {
      value: quote(original),
      fixed: text.replace(',', '.'),
    });
  }
  if (spec.kind === 'id')
    return fail(ctx, 'not_an_id', 'not_an_id', { value: quote(original), expected: expected(spec) });
  return fail(ctx, 'not_a_number', 'not_a_number', { value: quote(original), example: example(spec) });
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
  return noted(ctx, value, 'currency_removed', 'currency_removed', {
    value: quote(original),
    number: value,
    currency: bare.currency,
  });
}

export function checkNumber(value: number, shown: string, spec: ValueSpec, ctx: ReadContext): CellReading {
  if (!Number.isFinite(value))
    return fail(ctx, 'not_a_number', 'not_a_number', { value: quote(shown), example: example(spec) });
  switch (spec.kind) {
    case 'flag':
      return value === 0 || value === 1 ? value : fail(ctx, 'not_a_flag', 'not_a_flag.number', { value: quote(shown) });
    case 'ids':
      return isId(value) ? { '0': value } : fail(ctx, 'not_an_id', 'not_an_id.ids', { value: quote(shown) });
    case 'id':
      return isId(value)
        ? value
        : fail(ctx, 'not_an_id', 'not_an_id', { value: quote(shown), expected: ref('expect.id', {}) });
    case 'whole':
      if (!Number.isSafeInteger(value))
        return fail(ctx, 'not_whole', 'not_whole', { value: quote(shown), example: example(spec) });
      return inRange(value, shown, spec, ctx);
    default:
      return inRange(value, shown, spec, ctx);
  }
}

function inRange(value: number, shown: string, spec: ValueSpec, ctx: ReadContext): CellReading {
  if (spec.min !== undefined && value < spec.min) {
    return fail(ctx, 'out_of_range', 'out_of_range', { value: quote(shown), min: spec.min, expected: expected(spec) });
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
      return fail(ctx, 'not_an_id', 'not_an_id.list', { value: quote(original) });
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

/** What the column expects, as a message (rendered in the reader's language). */
export function expected(spec: ValueSpec): MessageRef {
  switch (spec.kind) {
    case 'flag':
      return ref('expect.flag', {});
    case 'id':
      return ref('expect.id', {});
    case 'ids':
      return ref('expect.ids', {});
    case 'whole':
      return ref('expect.whole', { min: spec.min ?? '' });
    case 'number':
      return ref('expect.number', { min: spec.min ?? '' });
    default:
      return ref('expect.text', {});
  }
}

function example(spec: ValueSpec): string {
  return spec.kind === 'number' ? '12.50' : '12';
}

export function percentInPrice(shown: string, ctx: ReadContext): CellError {
  return fail(ctx, 'percent_in_price', 'percent_in_price', { value: quote(shown) });
}
