/** Excel's General format: what the formula bar shows for a number. */

/** A number as Excel's formula bar shows it: 15 significant digits, no exponent below 1e21. */
export function generalNumber(value: number): number {
  // Whole numbers below 1e15 already have 15 digits or fewer: the common case costs no formatting.
  if (Number.isInteger(value) && Math.abs(value) < 1e15) return value;
  return Number.isFinite(value) ? Number(value.toPrecision(15)) : value;
}

/** generalNumber as text, without exponent or grouping (barcodes typed into Excel become numbers). */
export function generalText(value: number): string {
  const shown = generalNumber(value);
  if (Number.isInteger(shown) && Math.abs(shown) >= 1e21) return BigInt(shown).toString();
  return String(shown);
}
