/**
 * The hook between the sync engine and the sync ledger (delta sync), in three steps per valid row:
 * `before` decides (read-only; may run far ahead of sending, batched), `beforeSend` claims (inside
 * the concurrency limit, just before the row's first store request) and `after` records the
 * final outcome. Without a ledger, NO_GUARD sends all.
 */
import type { RowPlan } from '../sheet/types.ts';
import type { RowResult } from '../outcome.ts';

export interface GuardedRow {
  batchId: string;
  row: number;
  plan: RowPlan;
  /** The row's cells as written, when the transport has them (a delta sync's cheap change check). */
  cells?: readonly string[] | undefined;
}

export type SyncMode = 'delta' | 'full';

/** Batch settings a guard is built from; stored with the batch so every worker builds the same one. */
export interface GuardSettings {
  mode: SyncMode;
  /** Column that identifies a product created without product_id (default `barcode`). */
  keyColumn: string;
  /** Re-send creates whose earlier outcome was `unknown`. */
  retryUnknown: boolean;
  /**
   * What the sheet's cells mean (row-signature.ts): rows with equal cells under one signature map
   * to equal payloads. Set by the engine from the opened sheet; without it every check is by payload.
   */
  rowSignature?: string | undefined;
}

/**
 * The result code of a row a guard skips because the last sync already confirmed exactly what it
 * says (delta sync). Reports count these rows but list them only when asked (`listUnchanged`).
 */
export const UNCHANGED_CODE = 'unchanged_since_last_sync';

export interface RowGuard {
  /**
   * A final result (outcome `skipped`) when the row must not be sent, or null to send it. Read-only:
   * the engine may call it for rows that wait a long time for a slot, or are never sent at all
   * (the run stops first), so it must leave nothing behind that says the row was sent. A guard
   * that can answer without I/O (a ledger held in memory) answers at once, without a promise.
   */
  before(row: GuardedRow): RowResult | null | Promise<RowResult | null>;
  /**
   * Optional: reads at once what `before` needs for these rows (one ledger round trip), so that
   * `before` then answers them without a promise each. Read-only, like `before`. The engine calls
   * it for each block of rows it is about to submit; a guard held in memory has no need of it.
   */
  prefetch?(rows: readonly { plan: RowPlan }[]): Promise<void>;
  /**
   * Called once a row `before` let through has its concurrency slot, right before its first store
   * request (never for rows that are not sent). The place to mark the row as being sent (e.g. a
   * create's `pending` claim). A final result when the row must not be sent after all (the claim
   * was lost to another process), or null to send it. Optional: a guard without it sends the row.
   */
  beforeSend?(row: GuardedRow): Promise<RowResult | null>;
  /**
   * Records what the row's final result means for later syncs (confirmed successes, unknown
   * creates). Called only for rows that passed both `before` and `beforeSend`.
   */
  after(row: GuardedRow, result: RowResult): Promise<void>;
}

export const NO_GUARD: RowGuard = {
  before: () => Promise.resolve(null),
  beforeSend: () => Promise.resolve(null),
  after: () => Promise.resolve(),
};
