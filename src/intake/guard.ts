/**
 * The RowGuard the sync engine calls around every valid row, backed by a Ledger. Decisions are
 * the pure rules of ledger-rules.ts; this file only batches the ledger's reads and writes.
 */
import type { GuardedRow, GuardSettings, RowGuard } from '../sync/guard.ts';
import type { RowResult } from '../sync/outcome.ts';
import type { GuardFactory } from '../sync/types.ts';
import { Coalescer } from './coalesce.ts';
import type { Ledger, LedgerEntry } from './ledger.ts';
import { decideBefore, entryAfter, ledgerKeyOf, pendingEntry } from './ledger-rules.ts';

type Write = readonly [string, LedgerEntry | null];

export function createGuard(settings: GuardSettings, ledger: Ledger): RowGuard {
  const reads = new Coalescer<string, LedgerEntry | undefined>((keys) => ledger.getMany(keys));
  const lookup = (key: string): LedgerEntry | undefined | Promise<LedgerEntry | undefined> => (ledger.getNow ? ledger.getNow(key) : reads.call(key));
  const writes = new Coalescer<Write, void>(async (items) => {
    const sets = items.filter((w): w is readonly [string, LedgerEntry] => w[1] !== null);
    const deletes = items.filter((w) => w[1] === null).map((w) => w[0]);
    if (sets.length > 0) await ledger.setMany(sets);
    if (deletes.length > 0) await ledger.deleteMany(deletes);
    return items.map(() => undefined);
  });
  // What a create's key held before this guard marked it pending, to put back if it fails.
  const beforePending = new Map<string, LedgerEntry | null>();
  // Creates this guard let through, by key: a second row with the same key in the batch waits
  // for nothing and is skipped, so one sheet never creates one product twice.
  const createdBy = new Map<string, number>();
  const rowId = (row: GuardedRow) => `${row.batchId}\n${row.row}`;

  return {
    async before(row: GuardedRow): Promise<RowResult | null> {
      const key = ledgerKeyOf(row.plan, settings.keyColumn);
      if (key === null) return null;
      const entry = await lookup(key);
      const decision = decideBefore(row.plan, row.row, key, entry, settings, row.batchId);
      if (decision !== null || row.plan.kind !== 'create') return decision;
      const first = createdBy.get(key);
      if (first !== undefined && first !== row.row) return duplicateInBatch(row.row, first);
      createdBy.set(key, row.row);
      // Marked before the request: a crash mid-create leaves `pending`, read later as unknown.
      const pending = pendingEntry(row.plan, row.batchId, row.row);
      if (entry === undefined) {
        // A new key is claimed atomically, so two processes creating it at once cannot both send.
        const held = await ledger.claim(key, pending);
        if (held !== null) {
          createdBy.delete(key);
          return decideBefore(row.plan, row.row, key, held, { ...settings, retryUnknown: false }, row.batchId);
        }
      } else {
        await writes.call([key, pending]);
      }
      beforePending.set(rowId(row), entry ?? null);
      return null;
    },

    async after(row: GuardedRow, result: RowResult): Promise<void> {
      const key = ledgerKeyOf(row.plan, settings.keyColumn);
      if (key === null) return;
      const entry = entryAfter(row.plan, key, result, row.batchId, row.row);
      const id = rowId(row);
      if (entry !== null) {
        beforePending.delete(id);
        await writes.call([key, entry]);
      } else if (beforePending.has(id)) {
        // The create surely did not happen (failed, not unknown): undo the pending mark.
        const previous = beforePending.get(id) ?? null;
        beforePending.delete(id);
        await writes.call([key, previous]);
      }
    },
  };
}

function duplicateInBatch(row: number, first: number): RowResult {
  return {
    row,
    outcome: 'skipped',
    message: `not created: row ${first} of this sheet creates a product with the same key`,
    httpStatus: null,
    attempts: 0,
    code: 'duplicate_key_in_batch',
  };
}

/** The engine's guardFactory for one ledger: every batch builds its guard from its own settings. */
export function ledgerGuardFactory(ledger: Ledger): GuardFactory {
  return (settings) => createGuard(settings, ledger);
}
