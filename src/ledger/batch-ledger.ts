/**
 * The ledger as one batch sees it: what the sync engine calls around every valid row, in three
 * steps: `before` decides (read-only; may run far ahead of sending, batched), `beforeSend` claims
 * (as the row's first store request is about to leave) and `after` records
 * the final outcome. Without a ledger, NO_LEDGER sends all.
 */
import type { RowPlan } from '../sheet/types.ts';
import type { RowResult } from '../outcome.ts';
import type { ProductRecords, ScriptWrites } from './ledger.ts';

/**
 * What the ledger decides before a row is sent: its final result (not sent), or the plan to send:
 * the row's own, or for a create whose key is linked to a product_id, an update of that product.
 */
export type RecordDecision = { result: RowResult; send?: undefined } | { send: RowPlan; result?: undefined };

export interface LedgerRow {
  batchId: string;
  /** The row in this batch's sheet: one row of the batch, whatever it records. */
  row: number;
  /**
   * The row number the person first saw, from a re-run sheet's `row` column (an edited
   * failed.csv): what the ledger records and names, so it points where the person looks.
   */
  originalRow?: number | undefined;
  plan: RowPlan;
  /** The row's cells as written, when the transport has them (a delta sync's cheap change check). */
  cells?: readonly string[] | undefined;
}

export type SyncMode = 'delta' | 'full';

/** Settings a batch ledger is built from; stored with the batch so every worker builds the same one. */
export interface LedgerSettings {
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
 * The result code of a row the ledger skips because the last sync already confirmed exactly what it
 * says (delta sync). Reports count these rows but list them only when asked (`listUnchanged`).
 */
export const UNCHANGED_CODE = 'unchanged_since_last_sync';

export interface BatchLedger {
  /**
   * A final result (outcome `skipped`) when the row must not be sent, or the plan to send it by
   * (the steps after it are called with that plan). Read-only: the engine may call it for rows
   * that wait a long time for a slot, or are never sent at all (the run stops first), so it must
   * leave nothing behind that says the row was sent.
   */
  before(row: LedgerRow): Promise<RecordDecision>;
  /**
   * Optional: reads at once what `before` needs for these rows (one ledger round trip), so that
   * `before` then answers them without a round trip each. Read-only, like `before`. The engine
   * calls it for each block of rows it is about to submit; a ledger held in memory has no need of it.
   */
  prefetch?(rows: readonly { plan: RowPlan }[]): Promise<void>;
  /**
   * Called once for a row `before` let through, when its first store request is about to leave:
   * it has its concurrency slot, its rate-gate slot and a token (never for rows that are not sent,
   * nor while they wait for the gate or a login). The place to mark the row as being sent (e.g. a
   * create's `pending` claim). A final result when the row must not be sent after all (the claim
   * was lost to another process), or null to send it. Optional: a ledger without it sends the row.
   */
  beforeSend?(row: LedgerRow): Promise<RowResult | null>;
  /**
   * Optional: whether the row's `beforeSend` (just resolved null) took an exclusive claim of its
   * key: a new key claimed atomically (Ledger.claim), so no other attempt at the row, in any
   * process, can pass `beforeSend` until `after`, and one started after a crash reads the claim as
   * this batch's cut-off create (rules.ts, rule (c)). The row then needs no other in-flight marker.
   */
  claimed?(row: LedgerRow): boolean;
  /**
   * Records what the row's final result means for later syncs (confirmed successes, unknown
   * creates). Called only for rows that passed both `before` and `beforeSend`.
   */
  after(row: LedgerRow, result: RowResult): Promise<void>;
  /**
   * Optional (a Redis ledger), instead of `after`: the writes `after` would make, not made (null:
   * none), for a caller that makes them in one Redis script with its own record of the row (the
   * queue worker's result record, in the store's hash slot): one call per row, not two (issue 41).
   */
  afterWrites?(row: LedgerRow, result: RowResult): Promise<ScriptWrites | null>;
  /**
   * Optional: the store's records of products with a product_id, which a batch that retires what
   * its sheet no longer lists looks through (sync/retire.ts). A ledger without it retires nothing.
   */
  products?: ProductRecords['products'];
}

/** Builds a batch's ledger from the batch's settings (one Ledger store, many batches). */
export type BatchLedgerFactory = (settings: LedgerSettings) => BatchLedger;

export const NO_LEDGER: BatchLedger = {
  before: (row) => Promise.resolve({ send: row.plan }),
  beforeSend: () => Promise.resolve(null),
  after: () => Promise.resolve(),
};
