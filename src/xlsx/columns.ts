/**
 * Column letters, both ways: `A` is column 0, `Z` 25, `AA` 26, `XFD` 16,383 (the last column
 * Excel has). Readers cap what they accept at MAX_COLUMNS so no cell reference can make them
 * allocate without a bound.
 */

/** Columns in an Excel sheet (A to XFD). */
export const MAX_COLUMNS = 16_384;

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

/**
 * The column of a reference like `AB12` (letters in any case): `A` -> 0, `AA` -> 26. -1 without
 * letters; MAX_COLUMNS or more past XFD (counting stops there, so any length of letters is cheap).
 */
export function columnIndex(reference: string): number {
  let index = 0;
  let letters = 0;
  for (let i = 0; i < reference.length; i++) {
    const code = reference.charCodeAt(i) | 0x20; // lower-case
    if (code < 0x61 || code > 0x7a) break;
    if (index > MAX_COLUMNS) return MAX_COLUMNS;
    index = index * 26 + (code - 0x60);
    letters++;
  }
  return letters === 0 ? -1 : Math.min(index - 1, MAX_COLUMNS);
}
