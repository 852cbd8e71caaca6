/**
 * Pure rules for XLSX cell values: Excel's date serials, which number
 * formats are dates, and Excel's `_xHHHH_` escapes for control characters in strings.
 */

const DAY_MS = 86_400_000;
const EPOCH_1900 = Date.UTC(1899, 11, 30);
const EPOCH_1904 = Date.UTC(1904, 0, 1);

/**
 * An Excel date serial as a Date (UTC, as the sheet shows it: Excel dates have no time zone).
 * The 1900 system counts a 29 February 1900 that never was; serials before it are a day off.
 */
export function excelSerialToDate(serial: number, date1904: boolean): Date {
  if (date1904) return new Date(EPOCH_1904 + Math.round(serial * DAY_MS));
  const shifted = serial < 60 ? serial + 1 : serial;
  return new Date(EPOCH_1900 + Math.round(shifted * DAY_MS));
}

/**
 * Excel's built-in number formats that show dates or times (46, `[h]:mm:ss`, is an elapsed time:
 * a number, see isDateFormat).
 */
const BUILTIN_DATE_FORMATS = new Set([
  14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 47, 50, 51, 52, 53, 54, 55, 56, 57,
  58, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80, 81,
]);

/** An elapsed time: `[h]`, `[mm]` or `[ss]` counts past a day, so the value is a duration, not a moment. */
const ELAPSED = /\[(h+|m+|s+)\]/i;

/**
 * Whether a number format shows a date or time: date/time letters outside quotes, escapes and
 * colours. An elapsed time (`[h]:mm`) is not one: its cell stays a number, which is the duration
 * in days whichever date system (1900 or 1904) the workbook counts from.
 */
export function isDateFormat(numFmtId: number, formatCode: string | undefined): boolean {
  if (formatCode === undefined) return BUILTIN_DATE_FORMATS.has(numFmtId);
  if (ELAPSED.test(formatCode.replace(/"[^"]*"/g, ''))) return false;
  const stripped = formatCode
    .split(';')[0]!
    .replace(/"[^"]*"/g, '')
    .replace(/\\./g, '')
    .replace(/_./g, '')
    .replace(/\*./g, '')
    .replace(/\[(?![hms]+\])[^\]]*\]/gi, '');
  if (/general/i.test(stripped)) return false;
  return /[dmyhse]/i.test(stripped.replace(/e\+|e-/gi, '')) && !/^[#0.,%\s]*$/.test(stripped);
}

/** Excel writes control characters (and a literal `_x`) as `_xHHHH_` in string parts. */
export function unescapeExcelString(text: string): string {
  if (!text.includes('_x')) return text;
  return text.replace(/_x([0-9A-Fa-f]{4})_/g, (_whole, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/**
 * A copy of a string that does not keep the text it was cut from alive. V8 represents a
 * slice of a long string as a view into it; keeping such views (shared strings, cells kept
 * for reports) would keep every decoded XML chunk in memory.
 */
export function detachString(text: string): string {
  return text.length < 13 ? text : (text + ' ').slice(0, -1);
}
