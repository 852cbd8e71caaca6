/**
 * Identifiers (barcode, and the field a sync keys its creates by) are digits that must arrive
 * whole: two barcodes that lose their last digits become one product. A number cell is sent as
 * Excel shows it unless the format hides digits (`0.00E+00` shows 6291041500213 as 6.29E+12):
 * then its full digits are sent, and the row's message says so. Refusing such a row instead would
 * send nothing the file does not hold (the cell keeps every digit), and make the shop re-type a
 * column Excel formatted for display only. A text that is Excel's scientific display itself
 * (`6.292E+12`, a CSV saved from it) has lost its digits for good: that is refused.
 */
import { formatNumber, generalText } from '../../xlsx/index.ts';
import { toAsciiDigits } from './digits.ts';
import { cleanText } from './text.ts';

/** The default key column and the one every sheet has: ledger/rules.ts DEFAULT_KEY_COLUMN. */
const BARCODE = 'barcode';

/** Canonical names of the identifier fields of a sync keyed by `keyColumn`. */
export function identifierFields(keyColumn: string | undefined): ReadonlySet<string> {
  return new Set([BARCODE, keyColumn ?? BARCODE]);
}

const SCIENTIFIC = /^[+-]?\d+(?:[.,]\d+)?E[+-]?\d+$/i;

/** `6.292E+12`: how Excel displays (and saves to CSV) a long number in a narrow General column. */
export function looksScientific(text: string): boolean {
  return SCIENTIFIC.test(toAsciiDigits(text));
}

export interface IdentifierNumber {
  /** What is sent: the text shown, or the full digits when the shown text lost some. */
  text: string;
  /** What Excel shows under the cell's format. */
  shown: string;
}

const nonDigits = /[^0-9]/g;

/**
 * A number cell of an identifier field; null when the number has more digits than a spreadsheet
 * number holds exactly (past 2^53: its last digits were lost when it was typed or written).
 */
export function identifierNumber(value: number, format: string | undefined): IdentifierNumber | null {
  if (Number.isInteger(value) && !Number.isSafeInteger(value)) return null;
  const shown = cleanText(format === undefined ? generalText(value) : formatNumber(value, format));
  const full = Number.isInteger(value) ? String(value) : generalText(value);
  // The shown text keeps the digits when they are all in it, in order: padding, separators,
  // text around them or a native numeral system change nothing.
  const kept = shown === '' || toAsciiDigits(shown).replace(nonDigits, '').includes(full.replace(nonDigits, ''));
  return { text: kept ? shown : full, shown };
}
