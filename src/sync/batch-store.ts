/**
 * A finished batch is re-run, reconciled or fixed only against the store it went to. Two
 * processes for two stores may share a report folder; a batch of one is refused by the other,
 * naming both stores, before anything is read from or sent to the store.
 */
import { DEFAULT_STORE_ID } from '../config.ts';
import { describeStore, parseStoreIdentity, sameStore, type StoreIdentity } from '../store/identity.ts';

/** A batch of another store, or one whose report does not say its store. */
export class OtherStoreError extends Error {
  override readonly name = 'OtherStoreError';
  constructor(
    message: string,
    /** The store the batch went to; null when its report does not say (an earlier version's). */
    readonly batchStore: StoreIdentity | null,
  ) {
    super(message);
  }
}

export interface StoreCheck {
  /** The store this process sends to. */
  configured: StoreIdentity;
  /**
   * A report written before batches recorded their store is accepted only when the person says
   * it went to this store (`--store-check=off` in the CLI; never in the console).
   */
  allowUnrecorded: boolean;
  /** How a person overrides the check for a report that names no store, for the message. */
  override: string;
}

/** Throws OtherStoreError unless `recorded` (summary.json's `store`) is the configured store. */
export function checkBatchStore(batchId: string, recorded: unknown, check: StoreCheck): void {
  const store = parseStoreIdentity(recorded);
  if (store === null) {
    if (check.allowUnrecorded) return;
    throw new OtherStoreError(
      `batch ${batchId}: its report does not say which store it went to (written by an earlier catalog-sync), so it is not re-sent to ${describeStore(check.configured)} on a guess; ${check.override}`,
      null,
    );
  }
  if (sameStore(store, check.configured)) return;
  // A store of the stores file is picked by its id; STORE_URL beside a stores file is refused.
  const way =
    store.id !== undefined && store.id !== DEFAULT_STORE_ID
      ? `Pick its store to work on it: --store ${store.id}`
      : `Set STORE_URL and STORE_EMAIL to ${store.url} and ${store.account} to work on it`;
  throw new OtherStoreError(
    `batch ${batchId} went to ${describeStore(store)}, not to the configured store ${describeStore(check.configured)}: nothing was sent. ${way}`,
    store,
  );
}
