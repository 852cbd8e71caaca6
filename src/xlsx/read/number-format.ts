/**
 * The text Excel shows for a number under a number format code: zero padding (`000000000000`),
 * fixed decimals (`0.00`), thousands separators (`#,##0`), percent, scientific, literal text and
 * currency symbols, dates and times (`yyyy-mm-dd`, `hh:mm`, `AM/PM`), elapsed times (`[h]:mm`) and
 * fractions (`# ?/?`, number-fraction.ts). What this does not know (conditions it cannot parse)
 * falls back to General: the number to 15 significant digits, as Excel's formula bar shows it. Month and day names are English (the file does not
 * carry Excel's display language).
 */

import { formatFraction, fractionFormat } from './number-fraction.ts';

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

/** A number as Excel's formula bar shows it: 15 significant digits, no exponent below 1e21. */
export function generalNumber(value: number): number {
  // Whole numbers below 1e15 already have 15 digits or fewer: the common case costs no formatting.
  if (Number.isInteger(value) && Math.abs(value) < 1e15) return value;
  return Number.isFinite(value) ? Number(value.toPrecision(15)) : value;
}

/** generalNumber as text, without exponent or grouping (barcodes typed into Excel become numbers). */
export function generalText(value: number): string {
  const shown = generalNumber(value);
  if (Number.isInteger(shown) && Math.abs(shown) >= 1e21) return BigInt(shown).toString();
  return String(shown);
}

const DAY_MS = 86_400_000;
const EPOCH_1900 = Date.UTC(1899, 11, 30);
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

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
  if (tokens.some((token) => token.kind === 'date')) {
    const date = value instanceof Date ? value : new Date(EPOCH_1900 + Math.round(serial * DAY_MS));
    return formatDate(tokens, date, serial);
  }
  return formatPlain(tokens, serial, sign);
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

function splitSections(code: string): string[] {
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

type Token =
  | { kind: 'text'; text: string }
  | { kind: 'digit'; char: '0' | '#' | '?' }
  | { kind: 'point' }
  | { kind: 'comma' }
  | { kind: 'percent' }
  | { kind: 'exponent'; sign: '+' | '-' }
  | { kind: 'general' }
  | { kind: 'date'; part: string };

const DATE_PART = /^(yyyy|yy|mmmmm|mmmm|mmm|mm|m|dddd|ddd|dd|d|hh|h|ss|s|am\/pm|a\/p|\.0+)/i;

/** The section as tokens; null for what this renderer does not draw (a fraction it could not read). */
function tokenize(section: string): Token[] | null {
  const tokens: Token[] = [];
  let i = 0;
  while (i < section.length) {
    const char = section[i]!;
    const rest = section.slice(i);
    if (char === '"') {
      const end = section.indexOf('"', i + 1);
      const stop = end === -1 ? section.length : end;
      tokens.push({ kind: 'text', text: section.slice(i + 1, stop) });
      i = stop + 1;
    } else if (char === '\\') {
      tokens.push({ kind: 'text', text: section[i + 1] ?? '' });
      i += 2;
    } else if (char === '_') {
      tokens.push({ kind: 'text', text: ' ' });
      i += 2;
    } else if (char === '*') {
      i += 2; // fill to the column width: nothing in a value
    } else if (char === '[') {
      const end = section.indexOf(']', i);
      const inside = section.slice(i + 1, end === -1 ? section.length : end);
      if (/^(h+|m+|s+)$/i.test(inside)) tokens.push({ kind: 'date', part: `[${inside.toLowerCase()}]` });
      else if (inside.startsWith('$')) tokens.push({ kind: 'text', text: inside.slice(1).split('-')[0] ?? '' });
      i = end === -1 ? section.length : end + 1; // colours and conditions show nothing
    } else if (/^general/i.test(rest)) {
      tokens.push({ kind: 'general' });
      i += 7;
    } else if (/^e[+-]/i.test(rest) && tokens.some((token) => token.kind === 'digit')) {
      tokens.push({ kind: 'exponent', sign: rest[1] === '-' ? '-' : '+' });
      i += 2;
    } else if (char === '0' || char === '#' || char === '?') {
      tokens.push({ kind: 'digit', char });
      i += 1;
    } else if (char === '.' && !/^\.0/.test(rest)) {
      tokens.push({ kind: 'point' });
      i += 1;
    } else if (char === '.' && !tokens.some((token) => token.kind === 'date')) {
      tokens.push({ kind: 'point' });
      i += 1;
    } else if (char === ',') {
      tokens.push({ kind: 'comma' });
      i += 1;
    } else if (char === '%') {
      tokens.push({ kind: 'percent' });
      i += 1;
    } else if (char === '/') {
      if (tokens.some((token) => token.kind === 'digit')) return null;
      tokens.push({ kind: 'text', text: '/' });
      i += 1;
    } else if (char === '@') {
      tokens.push({ kind: 'general' });
      i += 1;
    } else {
      const part = DATE_PART.exec(rest);
      if (part !== null) {
        tokens.push({ kind: 'date', part: part[0].toLowerCase() });
        i += part[0].length;
      } else {
        tokens.push({ kind: 'text', text: char });
        i += 1;
      }
    }
  }
  return tokens;
}

function formatDate(tokens: Token[], date: Date, serial: number): string {
  const hasHalfDay = tokens.some((token) => token.kind === 'date' && (token.part === 'am/pm' || token.part === 'a/p'));
  // Round to the shown precision: a time stored as 13:44:59.9999 shows 13:45.
  const fraction = tokens.find((token) => token.kind === 'date' && token.part.startsWith('.'));
  const decimals = fraction?.kind === 'date' ? fraction.part.length - 1 : 0;
  const unit = 1000 / 10 ** decimals;
  const rounded = new Date(Math.round(date.getTime() / unit) * unit);
  const parts: string[] = [];
  const dateTokens = tokens.map((token) => (token.kind === 'date' ? token.part : null));
  for (let i = 0; i < tokens.length; i += 1) {
    const token = tokens[i]!;
    if (token.kind !== 'date') {
      parts.push(token.kind === 'text' ? token.text : token.kind === 'point' ? '.' : token.kind === 'comma' ? ',' : '');
      continue;
    }
    parts.push(datePart(token.part, rounded, serial, hasHalfDay, isMinute(dateTokens, i)));
  }
  return parts.join('');
}

/** `m`/`mm` mean minutes right after an hour or right before a second, months otherwise. */
function isMinute(parts: (string | null)[], index: number): boolean {
  const part = parts[index];
  if (part !== 'm' && part !== 'mm') return false;
  for (let i = index - 1; i >= 0; i -= 1) {
    const before = parts[i];
    if (before === null || before === undefined) continue;
    if (before.startsWith('h') || before.startsWith('[h')) return true;
    break;
  }
  for (let i = index + 1; i < parts.length; i += 1) {
    const after = parts[i];
    if (after === null || after === undefined) continue;
    return after.startsWith('s') || after.startsWith('[s');
  }
  return false;
}

const pad = (value: number, width: number): string => String(value).padStart(width, '0');

function datePart(part: string, date: Date, serial: number, halfDay: boolean, minute: boolean): string {
  const hours = date.getUTCHours();
  switch (part) {
    case 'yyyy':
      return pad(date.getUTCFullYear(), 4);
    case 'yy':
      return pad(date.getUTCFullYear() % 100, 2);
    case 'mmmmm':
      return MONTHS[date.getUTCMonth()]!.slice(0, 1);
    case 'mmmm':
      return MONTHS[date.getUTCMonth()]!;
    case 'mmm':
      return MONTHS[date.getUTCMonth()]!.slice(0, 3);
    case 'mm':
      return minute ? pad(date.getUTCMinutes(), 2) : pad(date.getUTCMonth() + 1, 2);
    case 'm':
      return minute ? String(date.getUTCMinutes()) : String(date.getUTCMonth() + 1);
    case 'dddd':
      return DAYS[date.getUTCDay()]!;
    case 'ddd':
      return DAYS[date.getUTCDay()]!.slice(0, 3);
    case 'dd':
      return pad(date.getUTCDate(), 2);
    case 'd':
      return String(date.getUTCDate());
    case 'hh':
      return pad(halfDay ? hours % 12 || 12 : hours, 2);
    case 'h':
      return String(halfDay ? hours % 12 || 12 : hours);
    case 'ss':
      return pad(date.getUTCSeconds(), 2);
    case 's':
      return String(date.getUTCSeconds());
    case 'am/pm':
      return hours < 12 ? 'AM' : 'PM';
    case 'a/p':
      return hours < 12 ? 'A' : 'P';
    case '[h]':
    case '[hh]':
      return pad(Math.floor(Math.round(serial * 86_400) / 3600), part.length - 2);
    case '[m]':
    case '[mm]':
      return pad(Math.floor(Math.round(serial * 86_400) / 60), part.length - 2);
    case '[s]':
    case '[ss]':
      return pad(Math.round(serial * 86_400), part.length - 2);
    default:
      // `.0`, `.00`: fractions of a second
      return `.${pad(date.getUTCMilliseconds(), 3).slice(0, part.length - 1)}`;
  }
}

function formatPlain(tokens: Token[], value: number, sign: boolean): string {
  if (!tokens.some((token) => token.kind === 'digit')) {
    // Text only, or General with text around it ("General" kg).
    return tokens
      .map((token) =>
        token.kind === 'general' ? generalText(Math.abs(value)) : token.kind === 'text' ? token.text : '',
      )
      .join('')
      .replace(/^/, sign && tokens.some((token) => token.kind === 'general') ? '-' : '');
  }
  let scaled = Math.abs(value);
  for (const token of tokens) if (token.kind === 'percent') scaled *= 100;
  const exponentAt = tokens.findIndex((token) => token.kind === 'exponent');
  const numberTokens = exponentAt === -1 ? tokens : tokens.slice(0, exponentAt);
  const firstDigit = numberTokens.findIndex((token) => token.kind === 'digit');
  const lastDigit = numberTokens.length - 1 - [...numberTokens].reverse().findIndex((token) => token.kind === 'digit');
  // Commas right after the last digit placeholder divide by 1,000 each; between digits they group.
  let trailing = lastDigit + 1;
  while (numberTokens[trailing]?.kind === 'comma') {
    scaled /= 1000;
    trailing += 1;
  }
  const pointAt = numberTokens.findIndex((token, i) => token.kind === 'point' && i > firstDigit - 1);
  const integerDigits: ('0' | '#' | '?')[] = [];
  const fractionDigits: ('0' | '#' | '?')[] = [];
  let grouped = false;
  for (let i = firstDigit; i <= lastDigit; i += 1) {
    const token = numberTokens[i]!;
    if (token.kind === 'digit') (pointAt !== -1 && i > pointAt ? fractionDigits : integerDigits).push(token.char);
    else if (token.kind === 'comma' && (pointAt === -1 || i < pointAt)) grouped = true;
  }
  let exponentText = '';
  if (exponentAt !== -1) {
    const exponentDigits = tokens.slice(exponentAt + 1).filter((token) => token.kind === 'digit').length;
    const exponentToken = tokens[exponentAt] as { kind: 'exponent'; sign: '+' | '-' };
    let exponent = scaled === 0 ? 0 : Math.floor(Math.log10(scaled));
    // `##0.0E+0`: the exponent is a multiple of the integer placeholders (engineering notation).
    const step = integerDigits.length > 1 && integerDigits.includes('#') ? integerDigits.length : 1;
    exponent = Math.floor(exponent / step) * step;
    scaled = scaled / 10 ** exponent;
    const rounded = Number(scaled.toFixed(fractionDigits.length));
    if (rounded >= 10 ** (step === 1 ? 1 : step)) {
      exponent += step;
      scaled /= 10 ** step;
    }
    const exponentSign = exponent < 0 ? '-' : exponentToken.sign === '+' ? '+' : '';
    exponentText = `E${exponentSign}${String(Math.abs(exponent)).padStart(exponentDigits, '0')}`;
  }
  const fixed = fixedText(scaled, fractionDigits.length);
  const [whole = '', fractionPart = ''] = fixed.split('.');
  let integerPart = whole;
  if (integerPart === '0' && !integerDigits.includes('0')) integerPart = '';
  integerPart = integerPart.padStart(integerDigits.filter((char) => char === '0').length, '0');
  if (grouped) integerPart = integerPart.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  // Trailing `#` decimals drop zeros, `?` decimals keep the width with spaces.
  let fraction = fractionPart;
  for (let i = fractionDigits.length - 1; i >= 0 && fraction.endsWith('0'); i -= 1) {
    if (fractionDigits[i] === '0') break;
    fraction = fraction.slice(0, -1) + (fractionDigits[i] === '?' ? ' ' : '');
  }
  const numberText = `${integerPart}${pointAt !== -1 ? '.' : ''}${fraction}${exponentText}`;
  const out: string[] = [];
  let placed = false;
  for (let i = 0; i < tokens.length; i += 1) {
    const token = tokens[i]!;
    if (exponentAt !== -1 && i > exponentAt && token.kind === 'digit') continue;
    if (i >= firstDigit && i <= lastDigit && token.kind !== 'text') {
      if (!placed) out.push(numberText);
      placed = true;
      continue;
    }
    if (token.kind === 'text') out.push(token.text);
    else if (token.kind === 'percent') out.push('%');
    else if (token.kind === 'general') out.push(generalText(Math.abs(value)));
  }
  return `${sign && /[1-9]/.test(numberText) ? '-' : ''}${out.join('')}`;
}

/**
 * `value` with `digits` decimals, rounded half up on its 15-digit decimal form as Excel does:
 * 1.005 (stored 1.00499999999999989...) shows 1.01 under `0.00`, not toFixed's 1.00.
 */
function fixedText(value: number, digits: number): string {
  const shown = generalNumber(value);
  if (shown >= 1e15) return shown.toFixed(digits);
  const rounded = Math.round(Number(`${shown}e${digits}`));
  return Number.isFinite(rounded) ? (rounded / 10 ** digits).toFixed(digits) : shown.toFixed(digits);
}
