/**
 * The formula guard for every CSV and XLSX file a person opens (results, failed.csv, the validate
 * issues CSV): a cell that starts with = + - @, or with a tab or carriage return (some spreadsheet
 * apps strip those first), gets a leading apostrophe, so Excel shows it as text instead of running
 * it (OWASP, "CSV Injection").
 *
 * A plain number (`-5`, `+3.5`, `-1,5`) is left as it is: Excel reads it as that number and runs
 * nothing, and failed.csv, edited and fed back in, must give the same number it was given, not
 * the text `'-5`.
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
