/**
 * A locale prefix's numeral system: `[$-2000401]0.00` asks for Arabic-Indic digits (ar-SA), so
 * 12.5 shows `١٢٫٥٠` as LibreOffice and Excel show it. The prefix is `[$<currency>-<hex>]`; the
 * hex number's top byte names the digits (the LCID is its low 16 bits, the calendar the byte
 * between). Systems with a digit for each of 0-9 are drawn; the others (Ethiopic and the CJK
 * counting numerals, which are no positional digits) keep ASCII digits.
 */

/** The code point of the zero of each positional numeral system, by the prefix's top byte. */
const ZEROS: ReadonlyMap<number, number> = new Map([
  [0x02, 0x0660], // Arabic-Indic
  [0x03, 0x06f0], // Extended Arabic-Indic (Persian, Urdu)
  [0x04, 0x0966], // Devanagari
  [0x05, 0x09e6], // Bengali
  [0x06, 0x0a66], // Gurmukhi
  [0x07, 0x0ae6], // Gujarati
  [0x08, 0x0b66], // Odia
  [0x09, 0x0be6], // Tamil
  [0x0a, 0x0c66], // Telugu
  [0x0b, 0x0ce6], // Kannada
  [0x0c, 0x0d66], // Malayalam
  [0x0d, 0x0e50], // Thai
  [0x0e, 0x0ed0], // Lao
  [0x0f, 0x0f20], // Tibetan
  [0x10, 0x1040], // Myanmar
  [0x12, 0x17e0], // Khmer
  [0x13, 0x1810], // Mongolian
  [0x1d, 0xff10], // fullwidth (Japanese)
  [0x20, 0xff10], // fullwidth (Chinese, PRC)
  [0x23, 0xff10], // fullwidth (Chinese, Taiwan)
  [0x26, 0xff10], // fullwidth (Korean)
]);

/** How a section writes its digits and separators. */
export interface Numerals {
  /** Maps ASCII digits in `text` to the system's; identity for ASCII. */
  digits(text: string): string;
  point: string;
  group: string;
}

export const ASCII_NUMERALS: Numerals = { digits: (text) => text, point: '.', group: ',' };

const LOCALE_PREFIX = /\[\$[^\]-]*-([0-9A-Fa-f]{1,8})\]/;

/** The number a section's locale prefix `[$<currency>-<hex>]` gives, or null without one. */
export function localeIdOf(section: string): number | null {
  const match = LOCALE_PREFIX.exec(section);
  return match === null ? null : parseInt(match[1]!, 16);
}

/** The numerals a section's locale prefix asks for; ASCII without one. */
export function numeralsOf(section: string): Numerals {
  const id = localeIdOf(section);
  if (id === null) return ASCII_NUMERALS;
  const shape = (id >>> 24) & 0x7f;
  const zero = ZEROS.get(shape);
  if (zero === undefined) return ASCII_NUMERALS;
  const digits = (text: string): string =>
    text.replace(/[0-9]/g, (digit) => String.fromCodePoint(zero + digit.charCodeAt(0) - 48));
  // Arabic and Persian digits come with their own separators (U+066B, U+066C), as ar-SA shows them.
  const arabic = shape === 0x02 || shape === 0x03;
  return { digits, point: arabic ? '\u066B' : '.', group: arabic ? '\u066C' : ',' };
}
