/**
 * Which sheets of a workbook are synced when none is named: one rule for every command (validate,
 * import, watch, schedule, rerun all open sheets through open.ts). Hidden and very hidden sheets
 * are never chosen: a stale hidden copy in front of the real sheet is common, and reading it
 * would sync what nobody sees. `--sheet` can still name one on purpose.
 */
import type { SheetListing } from './read/types.ts';

export interface SheetChoice {
  /** `Products` (any case), else the first visible worksheet not named like a helper sheet; null when none. */
  products: string | null;
  /** A visible `Brands` sheet (any case), or null. */
  brands: string | null;
  /** Hidden and very hidden sheets, in workbook order. */
  hiddenSkipped: string[];
}

const NOT_PRODUCT_SHEETS = /^(brands|categories|help|notes|lists|instructions)$/i;
const PRODUCTS_SHEET = /^products$/i;
export const BRANDS_SHEET = /^brands$/i;

export function chooseSheets(sheets: readonly SheetListing[]): SheetChoice {
  const shown = sheets.filter((sheet) => !sheet.hidden && sheet.worksheet).map((sheet) => sheet.name);
  const brands = shown.find((name) => BRANDS_SHEET.test(name)) ?? null;
  const products =
    shown.find((name) => PRODUCTS_SHEET.test(name)) ??
    shown.find((name) => !NOT_PRODUCT_SHEETS.test(name)) ??
    (brands === null ? (shown[0] ?? null) : null);
  return { products, brands, hiddenSkipped: sheets.filter((sheet) => sheet.hidden).map((sheet) => sheet.name) };
}
