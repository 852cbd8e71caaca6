/**
 * Checks across rows of one sheet, the one place that finds a value twice: the same product_id,
 * barcode or brand_id, and the same key (the column a sync keys its creates by, docs/ledger.md
 * rule (a)) on two creates. The later row is the one in error, and its message names the earlier
 * row. State lives in one object per sheet: a Map per value kind of each value's first row
 * (about 100 bytes a row at a million rows: bench/catalog-memory.ts).
 */
import { ref, said } from '../../messages/index.ts';
import type { RowIssue, RowPlan } from '../types.ts';

export type UniqueKey = 'product_id' | 'barcode' | 'brand_id';

/** The default key column and the one every sheet has: ledger/rules.ts DEFAULT_KEY_COLUMN. */
const BARCODE = 'barcode';

/**
 * The value a create is keyed by in the ledger (ledger/rules.ts ledgerKeyOf): the key column's
 * number, or its text trimmed; null when it has none.
 */
export function createKeyValue(payload: object, keyColumn: string): string | null {
  const value = (payload as Record<string, unknown>)[keyColumn];
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'string' && value.trim() !== '') return value.trim();
  return null;
}

export class DuplicateTracker {
  /** Each value's first row; a Map tells 123 from "123", and takes -0 as 0 and NaN as NaN. */
  private readonly seen: Record<UniqueKey, Map<string | number, number>> = {
    product_id: new Map(),
    barcode: new Map(),
    brand_id: new Map(),
  };
  /** Creates' key values, when the key column is not the barcode (which check() covers). */
  private readonly keys = new Map<string, number>();

  constructor(private readonly keyColumn: string = BARCODE) {}

  /** Records `value` for `row`; returns an issue when an earlier row had it. */
  check(key: UniqueKey, value: string | number, row: number, column: string): RowIssue | null {
    const earlier = firstOr(this.seen[key], value, row);
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

  /**
   * A valid create's key, recorded for `row`: an issue when an earlier create of the sheet had it
   * (its ledger key would be the same). Only creates count: updates name their product by
   * product_id. With the barcode as key column, check() has answered already, for every row.
   */
  checkCreateKey(plan: RowPlan, row: number): RowIssue | null {
    if (plan.kind !== 'create' || this.keyColumn === BARCODE) return null;
    const value = createKeyValue(plan.payload, this.keyColumn);
    if (value === null) return null;
    const earlier = firstOr(this.keys, value, row);
    if (earlier === undefined) return null;
    return {
      row,
      column: this.keyColumn,
      code: `duplicate_${this.keyColumn}`,
      severity: 'error',
      ...said('duplicate_value', {
        column: this.keyColumn,
        value: JSON.stringify(String(value)),
        earlier,
        what: ref('duplicate.key', {}),
      }),
    };
  }
}

/** The row that had `value` first; else records `row` as its first and returns undefined. */
function firstOr<K>(seen: Map<K, number>, value: K, row: number): number | undefined {
  const earlier = seen.get(value);
  if (earlier === undefined) seen.set(value, row);
  return earlier;
}
