/**
 * Dates and times under a format section (`yyyy-mm-dd`, `hh:mm`, `AM/PM`, elapsed `[h]:mm`).
 * Month and day names are English: the file does not carry Excel's display language.
 */
import type { Numerals } from './number-locale.ts';
import type { Token } from './number-tokens.ts';

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

export function formatDate(tokens: Token[], date: Date, serial: number, numerals: Numerals): string {
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
    parts.push(numerals.digits(datePart(token.part, rounded, serial, hasHalfDay, isMinute(dateTokens, i))));
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
