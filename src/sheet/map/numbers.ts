/**
 * Numbers as people type them: Arabic-Indic digits, thousands separators (`,` or spaces, `.` in
 * decimal-comma files), and the decimal comma of `;`-separated files. Regexes are compiled once.
 */
import { toAsciiDigits } from './digits.ts';

const SIMPLE = /^\d{1,15}(?:\.\d{1,15})?$/;
const SPACE_GROUPED = /^[+-]?\d{1,3}(?:[ \u00A0\u202F]\d{3})+(?:[.,]\d+)?$/;
const SPACES = /[ \u00A0\u202F]/g;
const PLAIN = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;
const DOT_GROUPS_ONLY = /^[+-]?\d{1,3}(?:\.\d{3})+$/;
const COMMA_GROUPED = /^[+-]?\d{1,3}(?:,\d{3})+(?:\.\d+)?$/;
const DOT_GROUPED_DECIMAL_COMMA = /^[+-]?\d{1,3}(?:\.\d{3})*,\d+$/;
const DECIMAL_COMMA = /^[+-]?\d+,\d+$/;
const COMMAS = /,/g;
const DOTS = /\./g;

export type NumberReading =
  { ok: true; value: number } | { ok: false; reason: 'not_a_number' | 'ambiguous' | 'decimal_comma' };

/** Reads trimmed text as a number. `decimalComma`: the file is `;`-separated (European Excel). */
export function readNumberText(text: string, decimalComma: boolean): NumberReading {
  // Fast path: plain ASCII digits, the common case, in one regex.
  if (!decimalComma && SIMPLE.test(text)) return finite(Number(text));
  let s = toAsciiDigits(text);
  if (SPACE_GROUPED.test(s)) s = s.replace(SPACES, '');
  if (PLAIN.test(s)) {
    // "1.234" in a decimal-comma file is 1234 to a German Excel and 1.234 to a Kuwaiti one.
    if (decimalComma && DOT_GROUPS_ONLY.test(s)) return { ok: false, reason: 'ambiguous' };
    return finite(Number(s));
  }
  if (decimalComma) {
    if (DECIMAL_COMMA.test(s)) return finite(Number(s.replace(',', '.')));
    if (DOT_GROUPED_DECIMAL_COMMA.test(s)) return finite(Number(s.replace(DOTS, '').replace(',', '.')));
    return { ok: false, reason: 'not_a_number' };
  }
  if (COMMA_GROUPED.test(s)) return finite(Number(s.replace(COMMAS, '')));
  if (DECIMAL_COMMA.test(s)) return { ok: false, reason: 'decimal_comma' };
  return { ok: false, reason: 'not_a_number' };
}

function finite(value: number): NumberReading {
  return Number.isFinite(value) ? { ok: true, value } : { ok: false, reason: 'not_a_number' };
}
