/**
 * Prices typed with their currency: `ر.س. 1,234.50`, `SAR 12`, `$12`, `12 €`. The sign or code
 * around the number is removed (the store's prices carry no currency) and the row's message says
 * which; only one, before or after the number. A percentage is never a price: `15%` is refused.
 */
import { toAsciiDigits } from './digits.ts';

/** Signs and Arabic abbreviations of the currencies a Gulf shop meets (ISO codes come from Intl). */
const SIGNS = [
  'ر.س.',
  'ر.س',
  'ريال',
  'د.إ.',
  'د.إ',
  'د.ك.',
  'د.ك',
  'د.ب.',
  'د.ب',
  'ر.ق.',
  'ر.ق',
  'ر.ع.',
  'ر.ع',
  'ج.م.',
  'ج.م',
  'د.أ.',
  'د.أ',
  '\uFDFC', // ﷼ RIAL SIGN
  '\u20C1', // the Saudi riyal sign
  'US$',
  '$',
  '€',
  '£',
  '¥',
  '₹',
];
const CODES: ReadonlySet<string> = new Set(Intl.supportedValuesOf('currency'));

/** Longest first, so `ر.س.` is removed whole rather than leaving its last dot. */
const SIGN_PATTERN = SIGNS.map((sign) => sign.replace(/[.$]/g, '\\$&')).join('|');
const BEFORE = new RegExp(`^(${SIGN_PATTERN}|[A-Z]{3})\\s*(.+)$`);
const AFTER = new RegExp(`^(.+?)\\s*(${SIGN_PATTERN}|[A-Z]{3})$`);

export interface WithoutCurrency {
  /** The number's text, without the currency. */
  number: string;
  /** The sign or code removed. */
  currency: string;
}

/** The number of a price written with a currency sign or code around it; null when it has none. */
export function withoutCurrency(text: string): WithoutCurrency | null {
  const before = BEFORE.exec(text);
  if (before !== null && isCurrency(before[1]!) && hasNoCurrency(before[2]!))
    return { number: before[2]!, currency: before[1]! };
  const after = AFTER.exec(text);
  if (after !== null && isCurrency(after[2]!) && hasNoCurrency(after[1]!))
    return { number: after[1]!, currency: after[2]! };
  return null;
}

function isCurrency(token: string): boolean {
  return /^[A-Z]{3}$/.test(token) ? CODES.has(token) : true;
}

/** The rest must be a bare number's text: a second currency is not removed. */
function hasNoCurrency(rest: string): boolean {
  return /^[-+]?[\d٠-٩۰-۹.,٫٬ \u00A0\u202F]+$/.test(rest);
}

const PERCENT = /^[-+]?[\d.,٫٬ ]+\s*[%٪]$|^[%٪]\s*[\d.,٫٬ ]+$/;

/** `15%` (or Arabic `١٥٪`): a percentage. */
export function isPercentText(text: string): boolean {
  return PERCENT.test(toAsciiDigits(text));
}

/** A number format that shows the cell as a percentage (`0%`, `0.00%`), quoted text aside. */
export function isPercentFormat(format: string | undefined): boolean {
  // Most price formats (`#,##0.00`) have no % at all: no regex for them.
  return format !== undefined && format.includes('%') && format.replace(/"[^"]*"|\\./g, '').includes('%');
}
