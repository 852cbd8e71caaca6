/**
 * A number, whole, id, ids or flag column's cell, as values.ts hands it down: typed text (numbers.ts
 * reads the digits and separators, money.ts a currency around a price) or a number, date or
 * TRUE/FALSE cell; and the range each column allows.
 */
import { generalNumber, generalText } from '../../xlsx/index.ts';
import { ref, type MessageRef } from '../../messages/index.ts';
import { looksLikeName } from './category-cells.ts';
import { cellText, dateText } from './cell-text.ts';
import { fail, noted, quote, type CellError, type CellReading, type ReadContext } from './cell-reading.ts';
import { toAsciiDigits } from './digits.ts';
import type { ValueSpec } from './fields.ts';
import { isPercentFormat, isPercentText, withoutCurrency } from './money.ts';
import { readNumberText } from './numbers.ts';

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

/** Typed text, cleaned (`original`: as typed, for messages). */
export function numberFromText(text: string, original: string, spec: ValueSpec, ctx: ReadContext): CellReading {
  switch (spec.kind) {
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

/** A number, date or TRUE/FALSE cell (`format`: its XLSX number format). */
export function numberFromCell(
  cell: number | boolean | Date,
  spec: ValueSpec,
  ctx: ReadContext,
  format: string | undefined,
): CellReading {
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

/** Text in a number, whole or id column: the number, or why it is not one. */
function readNumberValue(text: string, original: string, spec: ValueSpec, ctx: ReadContext): CellReading {
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

function checkNumber(value: number, shown: string, spec: ValueSpec, ctx: ReadContext): CellReading {
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
      return fail(ctx, 'not_an_id', 'not_an_id.list', { value: quote(original) });
    }
    ids[indexKey(i)] = reading.value;
  }
  return ids;
}

const INDEX_KEYS = Array.from({ length: 64 }, (_, i) => String(i));

/** "0", "1", ... (map keys of the API), without a string conversion per value. */
function indexKey(i: number): string {
  return INDEX_KEYS[i] ?? String(i);
}

function isId(value: number): boolean {
  return Number.isSafeInteger(value) && value >= 1;
}

/** What the column expects, as a message (rendered in the reader's language). */
function expected(spec: ValueSpec): MessageRef {
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

function percentInPrice(shown: string, ctx: ReadContext): CellError {
  return fail(ctx, 'percent_in_price', 'percent_in_price', { value: quote(shown) });
}
