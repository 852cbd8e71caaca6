/**
 * How results.xlsx shows one cell: a number where Excel shows the same digits as the text the row
 * came with (in a number field, through a number format that keeps its decimals), and how many
 * characters wide a column needs to be for its cells.
 */
import type { XlsxValue } from '../xlsx/index.ts';

/**
 * A plain decimal without leading zeros or trailing fraction zeros, at most 11 digits before the
 * point: Excel's General format shows such a number exactly as written (12 digits and more turn
 * into 1.23457E+11, so long codes and barcodes stay text, as do `007` and `12.50`).
 */
const EXACT_NUMBER = /^-?(?:0|[1-9]\d{0,10})(?:\.\d*[1-9])?$/;
/** Digits a double holds exactly, as Excel keeps them. */
const MAX_DIGITS = 15;

/** The number the text shows, when storing it as a number changes nothing a person sees; else null. */
export function numericCell(text: string): number | null {
  if (text.length === 0 || text.length > MAX_DIGITS + 2 || !EXACT_NUMBER.test(text)) return null;
  const value = Number(text);
  const digits = text.replace(/^-?0?\.?/, '').replace('.', '').length;
  return digits <= MAX_DIGITS && String(value) === text ? value : null;
}

/** A plain decimal, trailing zeros allowed: `10.50`, `190`, `-3`, `0.250`. */
const DECIMAL = /^-?(?:0|[1-9]\d*)(?:\.(\d+))?$/;

/** A number field's cell as a number, and how many decimals the sheet wrote; null when it is not a plain decimal. */
export function decimalCell(text: string): { value: number; decimals: number } | null {
  if (text.length > MAX_DIGITS + 3) return null;
  const match = DECIMAL.exec(text);
  if (match === null) return null;
  // Digits from the first non-zero one: what a double must hold for Excel to show them all.
  const digits = text.replace(/[-.]/g, '').replace(/^0+/, '').length;
  if (digits > MAX_DIGITS) return null;
  return { value: Number(text), decimals: match[1]?.length ?? 0 };
}

/**
 * Width in characters of a cell's widest line (a wide character, such as CJK or an emoji, counts
 * two); a number as its format shows it, with `decimals` after the point.
 */
export function cellWidth(value: XlsxValue, decimals = 0): number {
  if (value === null) return 0;
  if (typeof value === 'number') return decimals > 0 ? value.toFixed(decimals).length : String(value).length;
  let widest = 0;
  for (const line of value.split('\n')) {
    let width = 0;
    for (const char of line) width += (char.codePointAt(0) ?? 0) >= 0x1100 && isWide(char) ? 2 : 1;
    widest = Math.max(widest, width);
  }
  return widest;
}

const WIDE =
  /[\u1100-\u115F\u2E80-\uA4CF\uAC00-\uD7A3\uF900-\uFAFF\uFE30-\uFE4F\uFF00-\uFF60\uFFE0-\uFFE6\u{1F300}-\u{1FAFF}\u{20000}-\u{3FFFD}]/u;
const isWide = (char: string): boolean => WIDE.test(char);

/** Narrowest and widest column, in characters; `message` may be wider (the store's sentences). */
const MIN_WIDTH = 6;
const MAX_WIDTH = 50;
const MAX_MESSAGE_WIDTH = 80;

/**
 * A column wide enough for its header (bold, with the autofilter's button beside it) and for the
 * widest sampled cell, within bounds: a very long cell wraps into view when clicked, not the sheet.
 */
export function columnWidth(header: string, widestCell: number, isMessage: boolean): number {
  const wanted = Math.max(cellWidth(header) + 4, widestCell + 2);
  return Math.min(isMessage ? MAX_MESSAGE_WIDTH : MAX_WIDTH, Math.max(MIN_WIDTH, wanted));
}
