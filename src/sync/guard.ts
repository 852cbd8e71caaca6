/**
 * The hook between the sync engine and the sync ledger (delta sync). The engine calls `before`
 * for each valid row before any request and `after` once the row's outcome is final; the ledger
 * implementation decides what to skip and what to remember. Without a ledger, NO_GUARD sends all.
 */
import type { RowPlan } from '../sheet/types.ts';
import type { RowResult } from './outcome.ts';

export interface GuardedRow {
  batchId: string;
  row: number;
  plan: RowPlan;
}

export type SyncMode = 'delta' | 'full';

/** Batch settings a guard is built from; stored with the batch so every worker builds the same one. */
export interface GuardSettings {
  mode: SyncMode;
  /** Column that identifies a product created without product_id (default `barcode`). */
  keyColumn: string;
  /** Re-send creates whose earlier outcome was `unknown`. */
  retryUnknown: boolean;
}

export interface RowGuard {
  /** A final result (outcome `skipped`) when the row must not be sent, or null to send it. */
  before(row: GuardedRow): Promise<RowResult | null>;
  /** Records what the row's final result means for later syncs (confirmed successes, unknown creates). */
  after(row: GuardedRow, result: RowResult): Promise<void>;
}

export const NO_GUARD: RowGuard = {
  before: () => Promise.resolve(null),
  after: () => Promise.resolve(),
};
