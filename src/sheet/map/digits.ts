/** Arabic-Indic (٠..٩) and Eastern Arabic / Persian (۰..۹) digits to ASCII, and their separators. */

const NON_ASCII_DIGITS = /[\u0660-\u0669\u06F0-\u06F9\u066B\u066C]/;
const NON_ASCII_DIGITS_G = /[\u0660-\u0669\u06F0-\u06F9\u066B\u066C]/g;

function asciiFor(char: string): string {
  const code = char.charCodeAt(0);
  if (code >= 0x0660 && code <= 0x0669) return String(code - 0x0660);
  if (code >= 0x06f0 && code <= 0x06f9) return String(code - 0x06f0);
  // U+066B ARABIC DECIMAL SEPARATOR; U+066C ARABIC THOUSANDS SEPARATOR becomes a grouping space,
  // so it cannot be mistaken for a decimal comma in `;`-separated files.
  return code === 0x066b ? '.' : ' ';
}

export function toAsciiDigits(text: string): string {
  return NON_ASCII_DIGITS.test(text) ? text.replace(NON_ASCII_DIGITS_G, asciiFor) : text;
}
