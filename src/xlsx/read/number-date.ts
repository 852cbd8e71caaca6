/**
 * Dates and times under a format section (`yyyy-mm-dd`, `hh:mm`, `AM/PM`, elapsed `[h]:mm`), with
 * the month and day names of the section's locale prefix (number-names.ts).
 */
import type { Numerals } from './number-locale.ts';
import type { DateNames } from './number-names.ts';
import type { Token } from './number-tokens.ts';

export function formatDate(tokens: Token[], date: Date, serial: number, numerals: Numerals, names: DateNames): string {
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
    parts.push(numerals.digits(datePart(token.part, rounded, serial, names, hasHalfDay, isMinute(dateTokens, i))));
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

function datePart(
  part: string,
  date: Date,
  serial: number,
  names: DateNames,
  halfDay: boolean,
  minute: boolean,
): string {
  const hours = date.getUTCHours();
  switch (part) {
    case 'yyyy':
      return pad(date.getUTCFullYear(), 4);
    case 'yy':
      return pad(date.getUTCFullYear() % 100, 2);
    case 'mmmmm':
      return Array.from(names.months[date.getUTCMonth()]!)[0]!;
    case 'mmmm':
      return names.months[date.getUTCMonth()]!;
    case 'mmm':
      return names.monthsShort[date.getUTCMonth()]!;
    case 'mm':
      return minute ? pad(date.getUTCMinutes(), 2) : pad(date.getUTCMonth() + 1, 2);
    case 'm':
      return minute ? String(date.getUTCMinutes()) : String(date.getUTCMonth() + 1);
    case 'dddd':
      return names.days[date.getUTCDay()]!;
    case 'ddd':
      return names.daysShort[date.getUTCDay()]!;
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
      return hours < 12 ? names.am : names.pm;
    case 'a/p':
      return (hours < 12 ? names.am : names.pm).slice(0, 1);
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
