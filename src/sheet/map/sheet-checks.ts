/**
 * Checks across rows of one sheet: the same product_id, barcode or brand_id twice. The later row
 * is the one in error, and its message names the earlier row. State lives in one object per sheet.
 */
import type { RowIssue } from '../types.ts';

export type UniqueKey = 'product_id' | 'barcode' | 'brand_id';

export class DuplicateTracker {
  private readonly seen = new Map<UniqueKey, Map<string, number>>();

  /** Records `value` for `row`; returns an issue when an earlier row had it. */
  check(key: UniqueKey, value: string | number, row: number, column: string): RowIssue | null {
    let rows = this.seen.get(key);
    if (!rows) {
      rows = new Map();
      this.seen.set(key, rows);
    }
    const text = String(value);
    const earlier = rows.get(text);
    if (earlier === undefined) {
      rows.set(text, row);
      return null;
    }
    const what = key === 'barcode' ? 'two products with one barcode' : 'one row per item';
    return {
      row, column, code: `duplicate_${key}`, severity: 'error',
      message: `${column}: ${JSON.stringify(text)} is already on row ${earlier} (${what}); merge the rows or fix one`,
    };
  }
}
