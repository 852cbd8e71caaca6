/**
 * Checks across rows of one sheet: the same product_id, barcode or brand_id twice. The later row
 * is the one in error, and its message names the earlier row. State lives in one object per sheet.
 */
import type { RowIssue } from '../types.ts';

export type UniqueKey = 'product_id' | 'barcode' | 'brand_id';

export class DuplicateTracker {
  private readonly seen: Record<UniqueKey, Map<string | number, number>> = {
    product_id: new Map(),
    barcode: new Map(),
    brand_id: new Map(),
  };

  /** Records `value` for `row`; returns an issue when an earlier row had it. */
  check(key: UniqueKey, value: string | number, row: number, column: string): RowIssue | null {
    const rows = this.seen[key];
    const earlier = rows.get(value);
    if (earlier === undefined) {
      rows.set(value, row);
      return null;
    }
    const text = String(value);
    const what = key === 'barcode' ? 'two products with one barcode' : 'one row per item';
    return {
      row,
      column,
      code: `duplicate_${key}`,
      severity: 'error',
      message: `${column}: ${JSON.stringify(text)} is already on row ${earlier} (${what}); merge the rows or fix one`,
    };
  }
}
