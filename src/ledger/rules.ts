/**
 * The ledger's decisions, as pure functions (no I/O, no clock): which key a row is tracked under,
 * what happens to a row before it is sent, and what to record once its outcome is final.
 *
 * "Never create twice" is decided here, one rule per situation, but for (a), which the sheet's
 * one duplicate checker decides as it maps the rows (it sees every row, `validate` too):
 * (a) the same key twice in one sheet: sheet/map/sheet-checks.ts, keyed as ledgerKeyOf keys a
 *     create (createKeyValue), the later row is `invalid`, naming the first;
 * (b) a key the ledger saw created: decideBefore, `skipped` (`already_created`, or unchanged);
 * (c) a create in flight: another sync's, lostClaim (`create_in_progress`); an attempt that was
 *     cut off (a crash), interruptedCreate (`unknown`, never re-sent by the same batch);
 * (d) an earlier `unknown` create: decideBefore, `skipped` (`unknown_create`) unless retryUnknown
 *     (`import --retry-unknown`, `rerun --resend-unknown-creates`).
 */
import { createKeyValue } from '../sheet/map/sheet-checks.ts';
import { ref, said, type MessageRef, type Said } from '../messages/index.ts';
import type { RowPlan } from '../sheet/types.ts';
import { UNCHANGED_CODE, type LedgerSettings, type RecordDecision } from './batch-ledger.ts';
import type { Outcome, RowResult } from '../outcome.ts';
import { fingerprintOf, rowDigestOf } from './fingerprint.ts';
import { describeLedgerKey } from './key-text.ts';
import type { LedgerEntry, LedgerState } from './ledger.ts';
import { linkConflictOf, linkedPlan, linkKeyOf } from './links.ts';
import { sendsNothingNew } from './values.ts';

/** The key column when none is named: the default of import, watch, rerun and job files alike. */
export const DEFAULT_KEY_COLUMN = 'barcode';

/**
 * `p:<product_id>` for updates and status changes, `k:<column>:<value>` for creates (the key
 * column, default barcode), `b:<brand_id>` for brands; null when the row cannot be tracked
 * (a create without a key value, a planned skip).
 */
export function ledgerKeyOf(plan: RowPlan, keyColumn: string = DEFAULT_KEY_COLUMN): string | null {
  switch (plan.kind) {
    case 'update':
    case 'status':
      return `p:${plan.payload.product_id}`;
    case 'brand':
      return `b:${plan.payload.brand_id}`;
    case 'create': {
      const value = createKeyValue(plan.payload, keyColumn);
      return value === null ? null : `k:${keyColumn}:${value}`;
    }
    case 'skip':
      return null;
  }
}

/**
 * What the row sends is what the ledger confirmed: by the row's digest when both have it, else by
 * payload, else by the record's values (a barcode-only row of a linked product, sent as an update
 * of values its record holds).
 */
function sameAsSynced(
  plan: RowPlan,
  entry: LedgerEntry,
  signature: string | undefined,
  cells: readonly string[] | undefined,
): boolean {
  if (
    entry.rt !== undefined &&
    signature !== undefined &&
    cells !== undefined &&
    entry.rt === rowDigestOf(signature, cells)
  )
    return true;
  return entry.fp === fingerprintOf(plan) || sendsNothingNew(plan, entry.v);
}

function skipped(row: number, text: Said, code: string): RowResult {
  return { row, outcome: 'skipped', ...text, httpStatus: null, attempts: 0, code };
}

/**
 * Rule (c), an attempt cut off: a create that was on its way to the store when its process stopped
 * may exist there. The row ends `unknown` and is not sent again by the batch it belongs to; only
 * `rerun <batch> --resend-unknown-creates` sends it, which the message leaves to the CLI's summary
 * (it reaches reports and e-mail, read by operators). `batchId` is the batch reporting the row;
 * `earlier` names the ledger's entry, when the ledger is what remembered it (a create without a
 * key is remembered by its batch's in-flight marker alone, always of its own batch).
 */
export function interruptedCreate(
  row: number,
  batchId: string | undefined,
  earlier?: { key: string; entry: LedgerEntry },
): RowResult {
  const own = earlier === undefined || earlier.entry.batch === batchId;
  const text = own
    ? said('ledger.interrupted_own', { key: earlier ? describeLedgerKey(earlier.key) : '' })
    : said('ledger.interrupted_other', {
        key: describeLedgerKey(earlier.key),
        batch: earlier.entry.batch,
        row: earlier.entry.row,
      });
  return {
    row,
    outcome: 'unknown',
    ...text,
    httpStatus: null,
    attempts: 0,
    code: 'interrupted_create',
  };
}

const CONFIRMED_AS: Record<RowPlan['kind'], { outcome: Outcome; what: MessageRef }> = {
  create: { outcome: 'created', what: ref('done.create', { store: '' }) },
  update: { outcome: 'updated', what: ref('done.update', { store: '' }) },
  // The ledger keeps that the status call succeeded, not whether it changed anything.
  status: { outcome: 'status_changed', what: ref('done.status_set', {}) },
  brand: { outcome: 'updated', what: ref('done.brand', { store: '' }) },
  skip: { outcome: 'skipped', what: ref('done.skipped', {}) },
};

/**
 * A row this same batch already sent and the store confirmed, met again because the batch resumed
 * after its process stopped (a drop file taken up by the next watcher, a job run again): the row
 * ends in the outcome it had, not as a skip, so the resumed batch's report and counts match the
 * store. Nothing is sent again.
 */
function confirmedByThisBatch(plan: RowPlan, row: number): RowResult {
  const { outcome, what } = CONFIRMED_AS[plan.kind];
  return {
    row,
    outcome,
    ...said('ledger.confirmed', { what }),
    httpStatus: null,
    attempts: 0,
    code: 'confirmed_before_restart',
  };
}

/**
 * What the ledger says about a row before it is sent: a final result when it must not be sent,
 * or null to send it. `row` is the number the report shows.
 */
export function decideBefore(
  plan: RowPlan,
  row: number,
  key: string | null,
  entry: LedgerEntry | undefined,
  settings: LedgerSettings,
  batchId?: string,
  /** The row's cells as written, when the caller has them (with settings.rowSignature: the delta check's shortcut). */
  cells?: readonly string[],
): RowResult | null {
  if (key === null || entry === undefined) return null;
  if (entry.st === 'synced' && batchId !== undefined && entry.batch === batchId && entry.row === row)
    return confirmedByThisBatch(plan, row);
  if (plan.kind === 'create') {
    const where = whereOf(entry);
    // Rule (b). Creates are not idempotent: a key created once is never created again, in any mode.
    if (entry.st === 'synced') {
      // Nothing to tell the user about a row that still says what was created: it is unchanged.
      if (settings.mode === 'delta' && sameAsSynced(plan, entry, settings.rowSignature, cells)) {
        return skipped(row, said('ledger.unchanged_since_created', { where }), UNCHANGED_CODE);
      }
      return skipped(row, said('ledger.already_created', { key: describeLedgerKey(key), where }), 'already_created');
    }
    // Rule (c): this batch's own earlier attempt is never re-sent, whatever retryUnknown says
    // (the flag is about earlier syncs' creates, not the ones this batch may have made).
    if (entry.st === 'pending' && entry.batch === batchId) return interruptedCreate(row, batchId, { key, entry });
    if (settings.retryUnknown) return null;
    if (entry.st === 'pending') return interruptedCreate(row, batchId, { key, entry });
    // Rule (d).
    return skipped(row, said('ledger.unknown_create', { key: describeLedgerKey(key), where }), 'unknown_create');
  }
  if (settings.mode === 'delta' && entry.st === 'synced' && sameAsSynced(plan, entry, settings.rowSignature, cells)) {
    return skipped(row, said('ledger.unchanged_since', { where: whereOf(entry) }), UNCHANGED_CODE);
  }
  return null;
}

/** Where the ledger's entry was written, for a row's message; made only for a row that gets one. */
function whereOf(entry: LedgerEntry): MessageRef {
  return ref('ledger.where', { batch: entry.batch, row: entry.row });
}

/** A row's keys: the one its plan is recorded under, and the create key an update also names. */
export interface RecordKeys {
  own: string | null;
  link: string | null;
}

export function recordKeysOf(plan: RowPlan, keyColumn: string): RecordKeys {
  return { own: ledgerKeyOf(plan, keyColumn), link: linkKeyOf(plan, keyColumn) };
}

/** What the ledger holds under a row's keys. */
export interface FoundRecord {
  own: LedgerEntry | undefined;
  link: LedgerEntry | undefined;
}

/**
 * decideBefore over the product's record: a create whose key is linked to a product_id is decided
 * (and sent) as an update of that product; an update naming a create key linked to another product
 * (or a product linked to another create key) is refused, naming both. The engine's batch ledger
 * and the planner both decide by it.
 */
export function decideRecord(
  plan: RowPlan,
  row: number,
  keys: RecordKeys,
  found: FoundRecord,
  settings: LedgerSettings,
  batchId?: string,
  cells?: readonly string[],
): RecordDecision {
  const send = linkedPlan(plan, found.own);
  if (keys.own !== null && keys.link !== null) {
    const conflict = linkConflictOf(keys.own, found.own, keys.link, found.link);
    if (conflict)
      return { result: linkConflict(row, conflict.key, conflict.other, conflict.entry, settings.keyColumn) };
  }
  const key = send === plan ? keys.own : ledgerKeyOf(send, settings.keyColumn);
  const result = decideBefore(send, row, key, found.own, settings, batchId, cells);
  return result === null ? { send } : { result };
}

function linkConflict(row: number, key: string, other: string, entry: LedgerEntry, keyColumn: string): RowResult {
  const where = whereOf(entry);
  return {
    row,
    outcome: 'invalid',
    ...said('link_conflict', { key: describeLedgerKey(key), other: describeLedgerKey(other), where }),
    httpStatus: null,
    attempts: 0,
    code: 'link_conflict',
    column: keyColumn,
  };
}

/**
 * Rule (c), another sync: a create that lost the atomic claim of its key to `held`: what the row
 * ends as (never sent, even with retryUnknown). Another sync creating the key right now is neither
 * "an earlier attempt that stopped" nor done yet: the row is `unknown` until that sync ends.
 */
export function lostClaim(
  plan: RowPlan,
  row: number,
  key: string,
  held: LedgerEntry,
  settings: LedgerSettings,
  batchId: string,
): RowResult | null {
  if (held.st === 'pending' && held.batch !== batchId) {
    return {
      row,
      outcome: 'unknown',
      ...said('ledger.in_progress', { batch: held.batch, row: held.row, key: describeLedgerKey(key) }),
      httpStatus: null,
      attempts: 0,
      code: 'create_in_progress',
    };
  }
  return decideBefore(plan, row, key, held, { ...settings, retryUnknown: false }, batchId);
}

const CONFIRMED: ReadonlySet<Outcome> = new Set(['created', 'updated', 'status_changed', 'unchanged']);

/**
 * The entry to record once a row's outcome is final, or null to leave the ledger as it is:
 * confirmed successes are `synced`; an unknown create stays `unknown`; failures are not recorded
 * so the next sync retries them.
 */
export function entryAfter(
  plan: RowPlan,
  key: string | null,
  result: RowResult,
  batchId: string,
  row: number,
  rowDigest?: string,
): LedgerEntry | null {
  const st = stateAfter(plan, key, result);
  return st === null ? null : entryOf(plan, st, batchId, row, rowDigest);
}

/** The state entryAfter records for a row's final result, or null to leave the ledger as it is. */
export function stateAfter(plan: RowPlan, key: string | null, result: RowResult): LedgerState | null {
  if (key === null) return null;
  if (CONFIRMED.has(result.outcome)) return 'synced';
  if (plan.kind === 'create' && result.outcome === 'unknown') return 'unknown';
  return null;
}

/** The entry written just before a create is sent (see LedgerState `pending`). */
export function pendingEntry(plan: RowPlan, batchId: string, row: number, rowDigest?: string): LedgerEntry {
  return entryOf(plan, 'pending', batchId, row, rowDigest);
}

function entryOf(
  plan: RowPlan,
  st: LedgerState,
  batch: string,
  row: number,
  rowDigest: string | undefined,
): LedgerEntry {
  const entry: LedgerEntry = { fp: fingerprintOf(plan), st, batch, row };
  if (rowDigest !== undefined) entry.rt = rowDigest;
  return entry;
}
