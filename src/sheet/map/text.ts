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
 * UTF-8 read as a Windows code page: a lead byte shows as one character, each continuation byte
 * 80..BF as one of a small set. Genuine text almost never has these runs.
 *
 * Windows-1252: a lead byte C2..DF shows as Â..ß, E0..EF as à..ï, F0..F4 as ð..ô.
 */
const CP1252_CONTINUATION =
  '[\\u0080-\\u00BF\\u0152\\u0153\\u0160\\u0161\\u0178\\u017D\\u017E\\u0192\\u02C6\\u02DC\\u2013\\u2014\\u2018-\\u201E\\u2020-\\u2022\\u2026\\u2030\\u2039\\u203A\\u20AC\\u2122]';
const CP1252 = new RegExp(
  `[\\u00C2-\\u00DF]${CP1252_CONTINUATION}|[\\u00E0-\\u00EF]${CP1252_CONTINUATION}{2}|\\u00F0${CP1252_CONTINUATION}{3}`,
);
/*
 * Windows-1256: the lead bytes of UTF-8 Arabic (D8..DB) show as ط ظ ع غ, of Latin letters (C2..C5:
 * é is C3 A9) as آ أ ؤ إ, of punctuation (E2: — is E2 80 94) as â, of emoji (F0) as the fathatan ً.
 * After an Arabic letter only the continuation characters that cannot follow one in real Arabic
 * or Persian text count (not the Arabic comma, semicolon and question mark, the Persian letters,
 * ZWNJ/ZWJ, NBSP); after â, ç, é ... or ً, which no Arabic word goes on from so, any of them.
 */
const CP1256_CONTINUATION =
  '[\\u20AC\\u201A\\u0192\\u201E\\u2026\\u2020\\u2021\\u02C6\\u2030\\u2039\\u0152\\u2018\\u2019\\u201C\\u201D\\u2022\\u2013\\u2014\\u2122\\u203A\\u0153\\u00A2-\\u00A9\\u00AB-\\u00B9\\u00BB-\\u00BE]';
const CP1256_ANY_CONTINUATION =
  '[\\u20AC\\u067E\\u201A\\u0192\\u201E\\u2026\\u2020\\u2021\\u02C6\\u2030\\u0679\\u2039\\u0152\\u0686\\u0698\\u0688\\u06AF\\u2018-\\u201D\\u2022\\u2013\\u2014\\u06A9\\u2122\\u0691\\u203A\\u0153\\u06BA\\u00A0\\u060C\\u00A2-\\u00A9\\u06BE\\u00AB-\\u00B9\\u061B\\u00BB-\\u00BE\\u061F\\u200C-\\u200D]';
const CP1256 = new RegExp(
  `[\\u0622-\\u0625\\u0637-\\u063A]${CP1256_CONTINUATION}|[\\u00E0\\u00E2\\u00E7-\\u00EB\\u00EE\\u00EF]${CP1256_ANY_CONTINUATION}{2}|\\u064B${CP1256_ANY_CONTINUATION}{3}`,
);
/** Both in one scan: genuine Arabic is full of ط ظ ع غ, so one pass per cell matters. */
const ANY_MOJIBAKE = new RegExp(`${CP1252.source}|${CP1256.source}`);

export type Mojibake = 'windows-1252' | 'windows-1256';

/** Which wrong decoding the text shows, or null when it looks genuine. */
export function detectMojibake(text: string): Mojibake | null {
  const match = ANY_MOJIBAKE.exec(text);
  if (match === null) return null;
  return CP1256.test(match[0]) ? 'windows-1256' : 'windows-1252';
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
