/**
 * Text hygiene: stray bidi controls, mojibake (UTF-8 Arabic or Latin read as Windows-1256 or
 * Windows-1252) and characters a writer already replaced (U+FFFD, Arabic saved as `?`). Arabic
 * text is otherwise left byte-exact: no Unicode normalisation.
 */

/** LRM, RLM, ALM, LRE..RLO, LRI..PDI and a stray BOM: invisible, copied in from other apps. */
const BIDI_CONTROLS = /[\u200E\u200F\u061C\u202A-\u202E\u2066-\u2069\uFEFF]/g;
const HAS_BIDI = /[\u200E\u200F\u061C\u202A-\u202E\u2066-\u2069\uFEFF]/;

export function stripBidi(text: string): string {
  return HAS_BIDI.test(text) ? text.replace(BIDI_CONTROLS, '') : text;
}

/** Trimmed text without bidi controls. */
export function cleanText(text: string): string {
  return stripBidi(text).trim();
}

/*
 * A UTF-8 lead byte C2..DF read as Windows-1252 shows as Â..ß; read as Windows-1256 the Arabic
 * lead bytes D8..DB show as ط ظ ع غ. The continuation byte 80..BF that follows shows as one of
 * the characters below. Genuine text almost never has these pairs.
 */
const CP1252_PAIR =
  /[\u00C2-\u00DF][\u0080-\u00BF\u0152\u0153\u0160\u0161\u0178\u017D\u017E\u0192\u02C6\u02DC\u2013\u2014\u2018-\u201E\u2020-\u2022\u2026\u2030\u2039\u203A\u20AC\u2122]/;
/*
 * Windows-1256 continuation characters, minus those that plausibly follow ط ظ ع غ in real Arabic
 * or Persian text (Arabic comma/semicolon/question mark, Persian letters, ZWNJ/ZWJ, NBSP).
 */
const CP1256_PAIR =
  /[\u0637-\u063A][\u20AC\u201A\u0192\u201E\u2026\u2020\u2021\u02C6\u2030\u2039\u0152\u2018\u2019\u201C\u201D\u2022\u2013\u2014\u2122\u203A\u0153\u00A2-\u00A9\u00AB-\u00B9\u00BB-\u00BE]/;
/** Both patterns in one scan: genuine Arabic is full of ط ظ ع غ, so one pass per cell matters. */
const ANY_PAIR = new RegExp(`${CP1252_PAIR.source}|${CP1256_PAIR.source}`);

export type Mojibake = 'windows-1252' | 'windows-1256';

/** Which wrong decoding the text shows, or null when it looks genuine. */
export function detectMojibake(text: string): Mojibake | null {
  const match = ANY_PAIR.exec(text);
  if (match === null) return null;
  return CP1252_PAIR.test(match[0]) ? 'windows-1252' : 'windows-1256';
}

/**
 * Characters a writer had already replaced before the file reached us: U+FFFD (bytes that were
 * not UTF-8, decoded by us or by the tool that saved the file), or Arabic saved as `?` by Excel's
 * plain CSV on a Windows set up for another language (`??? ????`). A run of two or more `?`
 * standing as a word counts when no letter is left that the column's text would have: no Arabic
 * letter in an Arabic column, no letter at all in another. `Is it new??` is genuine.
 */
export type Replaced = 'replacement_character' | 'question_marks';

const QUESTION_WORD = /(?<![^\s\p{P}]|\?)\?{2,}(?![^\s\p{P}]|\?)/u;
const ANY_LETTER = /\p{L}/u;
const ARABIC_LETTER = /[\u0620-\u064A\u066E-\u06D3\u06FA-\u06FF]/;

export function detectReplaced(text: string, arabicColumn: boolean): Replaced | null {
  if (text.includes('\uFFFD')) return 'replacement_character';
  if (!text.includes('??') || !QUESTION_WORD.test(text)) return null;
  return (arabicColumn ? ARABIC_LETTER : ANY_LETTER).test(text) ? null : 'question_marks';
}

/** A short excerpt for messages: the first 24 characters. */
export function excerpt(text: string, max = 24): string {
  const chars = Array.from(text);
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : text;
}
