/**
 * A batch's ledger backed by a Ledger store: `before` decides (read-only), `beforeSend` marks a
 * create pending (claims its key), `after` records the outcome in the product's record: its state,
 * the values confirmed merged over the ones before, and its keys linked (links.ts), written under
 * each key. Decisions are the pure rules of rules.ts; this file only batches the store's reads and
 * writes.
 */
import type { RowPlan } from '../sheet/types.ts';
import type { RowResult } from '../outcome.ts';
import type { BatchLedger, BatchLedgerFactory, LedgerRow, LedgerSettings, RecordDecision } from './batch-ledger.ts';
import { Coalescer } from './coalesce.ts';
import type { Ledger, LedgerEntry, ProductRecords, RecordPart, ScriptWrites } from './ledger.ts';
import { rowDigestOf } from './fingerprint.ts';
import { keysAfter, valuesOf } from './links.ts';
import {
  decideBefore,
  decideRecord,
  entryAfter,
  ledgerKeyOf,
  lostClaim,
  pendingEntry,
  recordKeysOf,
  stateAfter,
} from './rules.ts';
import { DEFAULT_UNDO_BATCHES, replacedBy, stepsAfter } from './replaced.ts';
import { sentValuesOf } from './values.ts';

type Write = readonly [string, LedgerEntry | null];

/** How a store's records are kept, whatever the batch. */
export interface RecordKeeping {
  /** How many batches' replaced values each record keeps for undo (UNDO_BATCHES). */
  undoBatches: number;
}

const KEEPING: RecordKeeping = { undoBatches: DEFAULT_UNDO_BATCHES };

export function ledgerForBatch(settings: LedgerSettings, ledger: Ledger, keeping = KEEPING): BatchLedger {
  const batch = new StoreBatchLedger(settings, ledger, keeping);
  const scriptWrites = ledger.scriptWrites?.bind(ledger);
  // A plain object of bound functions, as callers wrap it (spread and override a step).
  return {
    // Only a ledger behind a round trip gains from reading ahead.
    ...(ledger.getNow ? {} : { prefetch: (rows: readonly { plan: RowPlan }[]) => batch.readAhead(rows) }),
    before: (row) => batch.before(row),
    beforeSend: (row) => batch.beforeSend(row),
    claimed: (row) => batch.claimed(row),
    after: (row, result) => batch.after(row, result),
    ...(scriptWrites ? { afterWrites: (row, result) => batch.afterWrites(row, result, scriptWrites) } : {}),
    ...(hasProducts(ledger) ? { products: () => ledger.products() } : {}),
  };
}

function hasProducts(ledger: Ledger): ledger is Ledger & ProductRecords {
  return typeof (ledger as Partial<ProductRecords>).products === 'function';
}

/** The engine's batchLedgers for one Ledger store: every batch builds its own from its settings. */
export function batchLedgersOf(ledger: Ledger, keeping = KEEPING): BatchLedgerFactory {
  return (settings) => ledgerForBatch(settings, ledger, keeping);
}

/** The steps of one batch's ledger (see BatchLedger), over one Ledger store. */
class StoreBatchLedger {
  private readonly reads: Coalescer<string, LedgerEntry | undefined>;
  // `before`'s reads: records without their undo steps (RecordPart 'plan'). Its decision never
  // looks at them, and what it read is never written back (beforeSend and the record read the
  // key again, whole): a Redis ledger then asks one hash per row, not two (issue 41).
  private readonly planReads: Coalescer<string, LedgerEntry | undefined>;
  // Entries read ahead by prefetch, each taken by the `before` it was read for.
  private readonly prefetched = new Map<string, LedgerEntry | undefined>();
  private readonly writes: Coalescer<Write, void>;
  // What a create's key held when `before` let the row through (null: nothing), until it is sent.
  private readonly seenBefore = new Map<string, LedgerEntry | null>();
  // A create marked pending by `beforeSend`: what its key held before (put back if it fails) and
  // the pending entry, whose fingerprint and row digest the record reuses (each is canonical JSON
  // or cell text + sha-256: worked out once per row, not once per write).
  private readonly beforePending = new Map<string, { previous: LedgerEntry | null; pending: LedgerEntry }>();

  constructor(
    private readonly settings: LedgerSettings,
    private readonly ledger: Ledger,
    private readonly keeping: RecordKeeping,
  ) {
    this.reads = new Coalescer<string, LedgerEntry | undefined>((keys) => ledger.getMany(keys));
    this.planReads = new Coalescer<string, LedgerEntry | undefined>((keys) => ledger.getMany(keys, 'plan'));
    this.writes = new Coalescer<Write, void>(async (items) => {
      const sets = items.filter((w): w is readonly [string, LedgerEntry] => w[1] !== null);
      const deletes = items.filter((w) => w[1] === null).map((w) => w[0]);
      if (sets.length > 0) await ledger.setMany(sets);
      if (deletes.length > 0) await ledger.deleteMany(deletes);
      return items.map(() => undefined);
    });
  }

  // Read-only on the ledger: the engine asks rows far ahead of sending them, and a row that is
  // never sent (the run stops first) must leave no trace there.
  async before(row: LedgerRow): Promise<RecordDecision> {
    const keys = recordKeysOf(row.plan, this.settings.keyColumn);
    if (keys.own === null) return { send: row.plan };
    const [own, link] = await Promise.all([
      this.lookup(keys.own, 'plan'),
      keys.link === null ? undefined : this.lookup(keys.link, 'plan'),
    ]);
    // Two rows of one sheet never share a key here: the mapper made the later one invalid (rule (a)).
    const decision = decideRecord(
      row.plan,
      recordedRow(row),
      keys,
      { own, link },
      this.settings,
      row.batchId,
      row.cells,
    );
    if (decision.result) return { result: asBatchRow(row, decision.result)! };
    if (decision.send.kind === 'create') this.seenBefore.set(rowId(row), own ?? null);
    return decision;
  }

  // Right before the create is sent: marked pending, so a crash mid-request leaves `pending`,
  // read later as unknown. Only rows really sent get the mark.
  async beforeSend(row: LedgerRow): Promise<RowResult | null> {
    const { settings } = this;
    const id = rowId(row);
    const key = ledgerKeyOf(row.plan, settings.keyColumn);
    if (key === null || !this.seenBefore.has(id)) return null;
    const seen = this.seenBefore.get(id) ?? null;
    this.seenBefore.delete(id);
    const pending = pendingEntry(row.plan, row.batchId, recordedRow(row), this.rowDigestIn(row));
    if (seen !== null) {
      // `before` may have read the key long ago (read-ahead): decide again on what it holds now.
      const current = await this.lookup(key);
      if (current !== undefined) {
        const decision = decideBefore(row.plan, recordedRow(row), key, current, settings, row.batchId, row.cells);
        if (decision !== null) return asBatchRow(row, decision);
        // The mark keeps what the record knows (its values, links and undo steps): the record
        // written after the send reads them from it, and a crash before then leaves them in place.
        const mark = keptBy(pending, current);
        await this.writes.call([key, mark]);
        this.beforePending.set(id, { previous: current, pending: mark });
        return null;
      }
    }
    // A new key is claimed atomically, so two processes creating it at once cannot both send.
    const held = await this.ledger.claim(key, pending);
    if (held !== null) {
      // Another process is creating it right now, or just did: never sent, even with retryUnknown.
      return asBatchRow(row, lostClaim(row.plan, recordedRow(row), key, held, settings, row.batchId));
    }
    this.beforePending.set(id, { previous: null, pending });
    return null;
  }

  // Only the atomic claim of a new key is exclusive: a key that held an entry was marked pending
  // by a plain write, which two attempts reading it at once could both make.
  claimed(row: LedgerRow): boolean {
    return this.beforePending.get(rowId(row))?.previous === null;
  }

  async after(row: LedgerRow, result: RowResult): Promise<void> {
    await this.recordOutcome(row, result, (write) => this.writes.call(write));
  }

  // The writes `after` makes, handed to the caller, who makes them in one script with its own.
  async afterWrites(
    row: LedgerRow,
    result: RowResult,
    scriptWrites: NonNullable<Ledger['scriptWrites']>,
  ): Promise<ScriptWrites | null> {
    const writes: Write[] = [];
    await this.recordOutcome(row, result, (write) => {
      writes.push(write);
      return Promise.resolve();
    });
    return writes.length === 0 ? null : scriptWrites(writes);
  }

  // A pending mark is undone only if this batch's beforeSend wrote it.
  private async recordOutcome(
    row: LedgerRow,
    result: RowResult,
    write: (write: Write) => Promise<void>,
  ): Promise<void> {
    const keys = recordKeysOf(row.plan, this.settings.keyColumn);
    const key = keys.own;
    if (key === null) return;
    const id = rowId(row);
    const claimed = this.beforePending.get(id);
    this.beforePending.delete(id);
    const st = stateAfter(row.plan, key, result);
    if (st !== null) {
      // Same row, batch and payload as its pending entry: only the state differs.
      const entry = claimed
        ? { ...claimed.pending, st }
        : entryAfter(row.plan, key, result, row.batchId, recordedRow(row), this.rowDigestIn(row));
      // A key this row claimed new holds its pending entry: no one else writes a key claimed and
      // not yet recorded, so reading it back would cost a round trip per create for nothing.
      const held = claimed?.previous === null ? claimed.pending : undefined;
      if (entry !== null) await this.record(write, row.plan, key, keys.link, entry, held);
    } else if (claimed) {
      // The create surely did not happen (failed, not unknown): undo the pending mark.
      await write([key, claimed.previous]);
    }
  }

  /**
   * Writes the row's entry as the product's record, under each of its keys: the values it had
   * (read again now: another row may have changed them since `before`; `claimedHeld`: what a key
   * this row claimed holds, the one write no one else makes) with the ones the store
   * just confirmed over them, what they replaced (for undo), and its keys linked.
   */
  private async record(
    write: (write: Write) => Promise<void>,
    plan: RowPlan,
    own: string,
    link: string | null,
    entry: LedgerEntry,
    claimedHeld?: LedgerEntry,
  ): Promise<void> {
    const [held, linked] = await Promise.all([
      claimedHeld ?? this.lookup(own),
      link === null ? undefined : this.lookup(link),
    ]);
    const before = valuesOf(held, linked);
    const sent = entry.st === 'synced' ? sentValuesOf(plan) : null;
    const values = sent === null ? before : { ...before, ...sent };
    const step = sent === null ? null : replacedBy(entry.batch, before, sent, plan.kind === 'create');
    const steps = stepsAfter(held?.u ?? linked?.u, step, this.keeping.undoBatches);
    const keys = keysAfter(own, link, held ?? linked);
    await Promise.all(
      keys.map((key) => {
        const others = keys.filter((other) => other !== key);
        const copy: LedgerEntry = { ...entry };
        if (values !== undefined) copy.v = values;
        if (others.length > 0) copy.ln = others;
        if (steps !== undefined && steps.length > 0) copy.u = steps;
        return write([key, copy]);
      }),
    );
  }

  /** `plan`: the record may come without its undo steps (`before` only; see planReads). */
  private async lookup(key: string, part: RecordPart = 'whole'): Promise<LedgerEntry | undefined> {
    // A store held in memory has no round trip to save: no batching.
    if (this.ledger.getNow) return this.ledger.getNow(key);
    if (this.prefetched.has(key)) {
      const entry = this.prefetched.get(key);
      this.prefetched.delete(key);
      return entry;
    }
    return (part === 'plan' ? this.planReads : this.reads).call(key);
  }

  async readAhead(rows: readonly { plan: RowPlan }[]): Promise<void> {
    const keys = [
      ...new Set(
        rows
          .flatMap((row) => {
            const { own, link } = recordKeysOf(row.plan, this.settings.keyColumn);
            return [own, link];
          })
          .filter((key): key is string => key !== null && !this.prefetched.has(key)),
      ),
    ];
    if (keys.length === 0) return;
    const entries = await this.ledger.getMany(keys);
    keys.forEach((key, i) => this.prefetched.set(key, entries[i]));
  }

  private rowDigestIn(row: LedgerRow): string | undefined {
    return this.settings.rowSignature !== undefined && row.cells !== undefined
      ? rowDigestOf(this.settings.rowSignature, row.cells)
      : undefined;
  }
}

/** `mark` carrying `record`'s values, links and undo steps. */
function keptBy(mark: LedgerEntry, record: LedgerEntry): LedgerEntry {
  const kept: LedgerEntry = { ...mark };
  if (record.v !== undefined) kept.v = record.v;
  if (record.ln !== undefined) kept.ln = record.ln;
  if (record.u !== undefined) kept.u = record.u;
  return kept;
}

const rowId = (row: LedgerRow) => `${row.batchId}\n${row.row}`;
// Entries record the row the person first saw; results answer for the batch's own row.
const recordedRow = (row: LedgerRow) => row.originalRow ?? row.row;
const asBatchRow = (row: LedgerRow, result: RowResult | null): RowResult | null =>
  result === null || result.row === row.row ? result : { ...result, row: row.row };
