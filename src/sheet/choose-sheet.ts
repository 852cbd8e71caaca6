/**
 * Which sheets of a workbook are synced when none is named: one rule for every command (validate,
 * import, watch, schedule, rerun all open sheets through open.ts). Hidden and very hidden sheets
 * are never chosen: a stale hidden copy in front of the real sheet is common, and reading it
 * would sync what nobody sees. `--sheet` can still name one on purpose.
 *
 * Names are known in English and Arabic (templates in Arabic name their sheets المنتجات and
 * تعليمات), matched the forgiving way headers are (headerKey: case, spaces, alef and ta-marbuta
 * spellings). When names say nothing (ورقة1, ورقة2, Sheet1, Catalog) and several sheets could be
 * the products, the one whose header names the most known columns is read (open.ts scores them).
 */
import { headerKey } from './map/header-key.ts';
import type { SheetListing } from './read/types.ts';

export interface SheetChoice {
  /** A sheet named as products, else the candidate with the best header score, else the first candidate. */
  products: string | null;
  /** A visible sheet named as brands, or null. */
  brands: string | null;
  /** Hidden and very hidden sheets, in workbook order. */
  hiddenSkipped: string[];
}

const names = (list: readonly string[]): ReadonlySet<string> => new Set(list.map(headerKey));

const PRODUCTS_NAMES = names(['products', 'المنتجات', 'منتجات', 'الأصناف', 'أصناف']);
const BRANDS_NAMES = names(['brands', 'العلامات التجارية', 'علامات تجارية', 'الماركات', 'ماركات']);
/** Sheets templates keep beside the products: never read as products while another sheet could be. */
const HELPER_NAMES = names([
  'categories',
  'help',
  'notes',
  'lists',
  'instructions',
  'تعليمات',
  'التعليمات',
  'إرشادات',
  'الإرشادات',
  'التصنيفات',
  'تصنيفات',
  'الأقسام',
  'أقسام',
  'مساعدة',
  'المساعدة',
  'ملاحظات',
  'الملاحظات',
  'قوائم',
  'القوائم',
]);

export const isBrandsSheet = (name: string): boolean => BRANDS_NAMES.has(headerKey(name));
const isProductsSheet = (name: string): boolean => PRODUCTS_NAMES.has(headerKey(name));
const isHelperSheet = (name: string): boolean => isBrandsSheet(name) || HELPER_NAMES.has(headerKey(name));

const shownWorksheets = (sheets: readonly SheetListing[]): string[] =>
  sheets.filter((sheet) => !sheet.hidden && sheet.worksheet).map((sheet) => sheet.name);

/**
 * The sheets whose headers decide which holds the products: none when a name decides it or fewer
 * than two sheets could be the products.
 */
export function sheetsToScore(sheets: readonly SheetListing[]): string[] {
  const shown = shownWorksheets(sheets);
  if (shown.some(isProductsSheet)) return [];
  const candidates = shown.filter((name) => !isHelperSheet(name));
  return candidates.length > 1 ? candidates : [];
}

/**
 * `scores`: for the sheets sheetsToScore named, how many known columns each one's header names
 * (the highest wins, the first of equals).
 */
export function chooseSheets(
  sheets: readonly SheetListing[],
  scores: ReadonlyMap<string, number> = new Map(),
): SheetChoice {
  const shown = shownWorksheets(sheets);
  const brands = shown.find(isBrandsSheet) ?? null;
  const candidates = shown.filter((name) => !isHelperSheet(name));
  const products =
    shown.find(isProductsSheet) ?? bestScored(candidates, scores) ?? (brands === null ? (shown[0] ?? null) : null);
  return { products, brands, hiddenSkipped: sheets.filter((sheet) => sheet.hidden).map((sheet) => sheet.name) };
}

function bestScored(candidates: readonly string[], scores: ReadonlyMap<string, number>): string | undefined {
  let best: string | undefined;
  let bestScore = Number.NEGATIVE_INFINITY;
  for (const name of candidates) {
    const score = scores.get(name) ?? 0;
    if (score > bestScore) [best, bestScore] = [name, score];
  }
  return best;
}
