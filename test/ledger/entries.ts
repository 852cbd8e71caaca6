/** Ledger entries as the ledger and retire tests write them by hand. */
import type { LedgerEntry } from '../../src/ledger/ledger.ts';

/** A record synced by row 2 of batch B, with these values and, with `ln`, linked to those keys. */
export const syncedRecord = (v: LedgerEntry['v'], ln?: string[]): LedgerEntry => ({
  fp: 'fp',
  st: 'synced',
  batch: 'B',
  row: 2,
  v,
  ...(ln ? { ln } : {}),
});
