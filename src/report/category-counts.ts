/**
 * Each category's product_total, taken before a batch's first create and again after its last
 * row: the only count the store API gives, and `reconcile`'s evidence for creates whose answer
 * was lost (a category that rose by exactly the confirmed creates had none of its unknown ones land).
 */

/** product_total per category_id, as the store listed them. */
export type CategoryTotals = Record<string, number>;

export interface CountsSnapshot {
  /** When the list came back (ISO time). */
  at: string;
  totals: CategoryTotals;
}

export interface CategoryCounts {
  /** Taken just before the batch's first create left; absent when the categories call failed. */
  before?: CountsSnapshot;
  /** Taken after the batch's last row; absent when the process stopped first or the call failed. */
  after?: CountsSnapshot;
  /** Why a snapshot is missing, when a categories call failed. */
  problem?: string;
}
