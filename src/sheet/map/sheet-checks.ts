/**
 * Checks across rows of one sheet: the same product_id, barcode or brand_id twice. The later row
 * is the one in error, and its message names the earlier row. State lives in one object per sheet.
 */
import { FirstRows } from '../first-rows.ts';
import { ref, said } from '../../messages/index.ts';
import type { RowIssue } from '../types.ts';

export type UniqueKey = 'product_id' | 'barcode' | 'brand_id';

export class DuplicateTracker {
  private readonly seen: Record<UniqueKey, FirstRows> = {
    product_id: new FirstRows(),
    barcode: new FirstRows(),
    brand_id: new FirstRows(),
  };

  /** Records `value` for `row`; returns an issue when an earlier row had it. */
  check(key: UniqueKey, value: string | number, row: number, column: string): RowIssue | null {
    // Tagged by type: a Map keyed by the value told 123 from "123". A number's text equates what a
    // Map's key equality does (-0 with 0, NaN with NaN) and nothing more.
    const tagged = typeof value === 'number' ? `n:${value}` : `s:${value}`;
    const earlier = this.seen[key].firstOr(tagged, row);
    if (earlier === undefined) return null;
    const text = String(value);
    const what = key === 'barcode' ? ref('duplicate.barcode', {}) : ref('duplicate.one_row', {});
    return {
      row,
      column,
      code: `duplicate_${key}`,
      severity: 'error',
      ...said('duplicate_value', { column, value: JSON.stringify(text), earlier, what }),
    };
  }
}
