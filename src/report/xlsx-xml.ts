/**
 * The text of XLSX cells: XML escaping that keeps every character a spreadsheet can hold, and
 * cell references. Pure functions, called once per cell, so the common case (nothing to
 * escape) is one regex test.
 */

/**
 * What needs work in cell text: markup characters, CR (XML readers turn a bare CR into LF),
 * characters XML 1.0 cannot hold (control characters, U+FFFE/U+FFFF, lone surrogates), and `_x`
 * (Excel reads `_xHHHH_` as an escaped character).
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const NEEDS_WORK = /[&<>\r\x00-\x08\x0B\x0C\x0E-\x1F\uD800-\uDFFF\uFFFE\uFFFF]|_x/;
// A surrogate pair is matched first, as a whole, and kept; a lone half is dropped.
// eslint-disable-next-line no-control-regex -- as above
const PARTS = /[\uD800-\uDBFF][\uDC00-\uDFFF]|_(?=x[0-9A-Fa-f]{4}_)|[&<>\r\x00-\x08\x0B\x0C\x0E-\x1F\uD800-\uDFFF\uFFFE\uFFFF]/g;

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
  return NEEDS_WORK.test(text) ? text.replace(PARTS, replacement) : text;
}

/** Whether Excel needs `xml:space="preserve"` to keep the text's leading or trailing whitespace. */
export function needsPreserve(text: string): boolean {
  return text.length > 0 && (text.charCodeAt(0) <= 32 || text.charCodeAt(text.length - 1) <= 32);
}

/** 0 -> A, 25 -> Z, 26 -> AA. */
export function columnLetters(index: number): string {
  let n = index + 1;
  let out = '';
  while (n > 0) {
    const rem = (n - 1) % 26;
    out = String.fromCharCode(65 + rem) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}
