/**
 * The text Excel shows for a number under a number format code: the section for the value (and
 * its condition), then digit placeholders with their literal text (number-digits.ts), dates and
 * times (number-date.ts), fractions (number-fraction.ts), and a locale prefix's native digits
 * (number-locale.ts) and month and day names (number-names.ts). What this does not know (conditions it cannot parse) falls back to General:
 * the number to 15 significant digits, as Excel's formula bar shows it.
 */

import { formatDate } from './number-date.ts';
import { formatDigits } from './number-digits.ts';
import { dateNamesOf } from './number-names.ts';
import { formatFraction, fractionFormat } from './number-fraction.ts';
import { generalText } from './number-general.ts';
import { numeralsOf } from './number-locale.ts';
import { tokenize } from './number-tokens.ts';

export { generalNumber, generalText } from './number-general.ts';

/** Excel's built-in number formats by id (ids 0-49); the other locale-dependent ones as en-US shows them. */
export const BUILTIN_FORMATS: ReadonlyMap<number, string> = new Map([
  [0, 'General'],
  [1, '0'],
  [2, '0.00'],
  [3, '#,##0'],
  [4, '#,##0.00'],
  [9, '0%'],
  [10, '0.00%'],
  [11, '0.00E+00'],
  [12, '# ?/?'],
  [13, '# ??/??'],
  // 14 and 22 are the system's short date, which differs by locale (5/6/2024, 06/05/2024): the
  // file does not say which, so they show as ISO dates, which no reader misreads.
  [14, 'yyyy-mm-dd'],
  [15, 'd-mmm-yy'],
  [16, 'd-mmm'],
  [17, 'mmm-yy'],
  [18, 'h:mm AM/PM'],
  [19, 'h:mm:ss AM/PM'],
  [20, 'h:mm'],
  [21, 'h:mm:ss'],
  [22, 'yyyy-mm-dd h:mm'],
  [37, '#,##0 ;(#,##0)'],
  [38, '#,##0 ;[Red](#,##0)'],
  [39, '#,##0.00;(#,##0.00)'],
  [40, '#,##0.00;[Red](#,##0.00)'],
  [45, 'mm:ss'],
  [46, '[h]:mm:ss'],
  [47, 'mm:ss.0'],
  [48, '##0.0E+0'],
  [49, '@'],
]);

const DAY_MS = 86_400_000;
const EPOCH_1900 = Date.UTC(1899, 11, 30);
/**
 * The text Excel shows for `value` (a number, or a date the reader already turned into a Date)
 * under `code`. Never throws.
 */
export function formatNumber(value: number | Date, code: string): string {
  const serial = value instanceof Date ? serialOf(value) : value;
  if (!Number.isFinite(serial)) return '';
  const sections = splitSections(code);
  const { section, sign } = pickSection(sections, serial);
  if (section === undefined) return generalText(serial);
  const fraction = fractionFormat(section);
  if (fraction !== null) {
    const text = formatFraction(Math.abs(serial), fraction);
    return sign && /[1-9]/.test(text) ? `-${text}` : text;
  }
  const tokens = tokenize(section);
  if (tokens === null) return generalText(serial);
  const numerals = numeralsOf(section);
  if (tokens.some((token) => token.kind === 'date')) {
    const date = value instanceof Date ? value : new Date(EPOCH_1900 + Math.round(serial * DAY_MS));
    return formatDate(tokens, date, serial, numerals, dateNamesOf(section));
  }
  return formatDigits(tokens, serial, sign, numerals);
}

/**
 * A date back to its 1900-system serial, for elapsed times (`[h]:mm`) given as a Date. The reader
 * counts Excel's phantom 29 February 1900, so dates before March 1900 sit one day later. (The
 * reader gives an elapsed-time cell as its number, which is right in both date systems.)
 */
function serialOf(date: Date): number {
  const days = (date.getTime() - EPOCH_1900) / DAY_MS;
  return days < 61 ? days - 1 : days;
}

/** A format code's sections (`positive;negative;zero;text`), split at semicolons outside quotes and escapes. */
export function splitSections(code: string): string[] {
  const sections: string[] = [];
  let current = '';
  for (let i = 0; i < code.length; i += 1) {
    const char = code[i]!;
    if (char === '"') {
      const end = code.indexOf('"', i + 1);
      const stop = end === -1 ? code.length : end;
      current += code.slice(i, stop + 1);
      i = stop;
    } else if (char === '\\' && i + 1 < code.length) {
      current += code.slice(i, i + 2);
      i += 1;
    } else if (char === ';') {
      sections.push(current);
      current = '';
    } else current += char;
  }
  sections.push(current);
  return sections;
}

const CONDITION = /\[(<=|>=|<>|<|>|=)(-?\d+(?:\.\d+)?)\]/;

/** The section for this value, and whether a minus sign must still be written. */
function pickSection(sections: string[], value: number): { section: string | undefined; sign: boolean } {
  const conditional = sections.slice(0, 2).map((section) => CONDITION.exec(section));
  if (conditional.some((match) => match !== null)) {
    for (let i = 0; i < Math.min(sections.length, 3); i += 1) {
      const match = conditional[i];
      if (match === undefined || match === null) return { section: sections[i], sign: value < 0 };
      if (holds(match[1]!, value, Number(match[2]))) return { section: sections[i], sign: false };
    }
    return { section: undefined, sign: false };
  }
  if (value > 0 || sections.length === 1) return { section: sections[0], sign: value < 0 };
  if (value < 0) return { section: sections[1], sign: false };
  return { section: sections.length >= 3 ? sections[2] : sections[0], sign: false };
}

function holds(operator: string, value: number, limit: number): boolean {
  switch (operator) {
    case '<':
      return value < limit;
    case '<=':
      return value <= limit;
    case '>':
      return value > limit;
    case '>=':
      return value >= limit;
    case '=':
      return value === limit;
    default:
      return value !== limit;
  }
}
