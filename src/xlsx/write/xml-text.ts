/**
 * The text of XLSX cells: XML escaping that keeps every character a spreadsheet can hold, and
 * Excel's cell length limit. Pure functions, called once per cell, so the common case (nothing to
 * escape) is one pass of character-code comparisons (cheaper than a regex test per cell).
 */

/**
 * Whether cell text needs work: markup characters, CR (XML readers turn a bare CR into LF),
 * characters XML 1.0 cannot hold (control characters, U+FFFE/U+FFFF, lone surrogates), and `_x`
 * (Excel reads `_xHHHH_` as an escaped character). Any surrogate counts (pairs are kept by PARTS).
 */
function needsWork(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 63) {
      // & < > and control characters other than tab and LF
      if (c === 38 || c === 60 || c === 62 || (c < 32 && c !== 9 && c !== 10)) return true;
    } else if (c >= 0xd800) {
      if (c <= 0xdfff || c >= 0xfffe) return true;
    } else if (c === 95 && text.charCodeAt(i + 1) === 120) {
      return true; // _x
    }
  }
  return false;
}

// A surrogate pair is matched first, as a whole, and kept; a lone half is dropped.
const PARTS =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /[\uD800-\uDBFF][\uDC00-\uDFFF]|_(?=x[0-9A-Fa-f]{4}_)|[&<>\r\x00-\x08\x0B\x0C\x0E-\x1F\uD800-\uDFFF\uFFFE\uFFFF]/g;

function replacement(part: string): string {
  if (part.length === 2) return part;
  switch (part) {
    case '&':
      return '&amp;';
    case '<':
      return '&lt;';
    case '>':
      return '&gt;';
    case '\r':
      return '&#13;';
    case '_':
      return '_x005F_'; // Excel's escape for a literal `_` before `xHHHH_`
    default:
      return ''; // not representable in XML 1.0
  }
}

/** Cell text as XML character data: Excel and XML readers give back exactly `text` (less what XML 1.0 cannot hold). */
export function xmlText(text: string): string {
  return needsWork(text) ? text.replace(PARTS, replacement) : text;
}

/** The most characters (UTF-16 units) an Excel cell holds; a longer cell makes Excel "repair" the file. */
export const EXCEL_CELL_LIMIT = 32_767;
const CUT_NOTE = ' … [cut: an Excel cell holds 32,767 characters; results.csv has the whole text]';

/** Text that fits an Excel cell: a longer one is cut, saying so (never inside a surrogate pair). */
export function excelCellText(text: string): string {
  if (text.length <= EXCEL_CELL_LIMIT) return text;
  let end = EXCEL_CELL_LIMIT - CUT_NOTE.length;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return text.slice(0, end) + CUT_NOTE;
}

/** Whether Excel needs `xml:space="preserve"` to keep the text's leading or trailing whitespace. */
export function needsPreserve(text: string): boolean {
  return text.length > 0 && (text.charCodeAt(0) <= 32 || text.charCodeAt(text.length - 1) <= 32);
}
