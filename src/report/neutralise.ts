/**
 * Formula-injection guard for report cells (CSV and XLSX): a text cell that starts with
 * = + - @ (or a tab / carriage return, which some spreadsheet apps strip first) gets a leading
 * apostrophe so Excel shows it as text. Plain numbers such as `-5` or `+3.5` are left alone:
 * they are not formulas, and failed.csv must read back as the same number.
 */
const PLAIN_NUMBER = /^[-+]?\d+(?:[.,]\d+)?$/;
const RISKY_START = /^[=+\-@\t\r]/;

export function neutraliseCell(value: string): string {
  // Most cells start with something harmless: one character code check, no regex.
  const first = value.charCodeAt(0);
  if (first !== 61 && first !== 43 && first !== 45 && first !== 64 && first !== 9 && first !== 13) return value;
  if (!RISKY_START.test(value) || PLAIN_NUMBER.test(value)) return value;
  return `'${value}`;
}
