/**
 * The ledger's decisions, as pure functions (no I/O, no clock): which key a row is tracked
 * under, the fingerprint of what it sends, whether it must be skipped, and what to record once
 * its outcome is final.
 */
import { createHash, hash } from 'node:crypto';
import type { RowPlan } from '../sheet/types.ts';
import { UNCHANGED_CODE, type LedgerSettings } from './batch-ledger.ts';
import type { Outcome, RowResult } from '../outcome.ts';
import type { LedgerEntry, LedgerState } from './ledger.ts';

/** The key column used when a job names none. */
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
      const value = (plan.payload as Record<string, unknown>)[keyColumn];
      if (typeof value === 'number' && Number.isFinite(value)) return `k:${keyColumn}:${value}`;
      if (typeof value === 'string' && value.trim() !== '') return `k:${keyColumn}:${value.trim()}`;
      return null;
    }
    case 'skip':
      return null;
  }
}

/**
 * JSON with object keys sorted at every depth, so equal payloads give equal text. Runs for every
 * row of a delta sync: one string built in place, keys quoted once per sheet (the same few
 * field names on every row), no intermediate arrays of entries.
 */
export function canonicalJson(value: unknown): string {
  if (typeof value !== 'object' || value === null || value instanceof Date) return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i++) out += (i > 0 ? ',' : '') + canonicalJson(value[i]);
    return `${out}]`;
  }
  const object = value as Record<string, unknown>;
  // Default sort compares UTF-16 code units, the same order as `<` on strings.
  const keys = Object.keys(object).sort();
  let out = '{';
  for (const key of keys) {
    const field = object[key];
    if (field === undefined) continue;
    out += `${out.length > 1 ? ',' : ''}${quotedKey(key)}:${canonicalJson(field)}`;
  }
  return `${out}}`;
}

const QUOTED_KEYS = new Map<string, string>();
const MAX_QUOTED_KEYS = 10_000;

function quotedKey(key: string): string {
  let quoted = QUOTED_KEYS.get(key);
  if (quoted === undefined) {
    quoted = JSON.stringify(key);
    // Price maps and option lists bring keys of their own: the cache stays bounded.
    if (QUOTED_KEYS.size < MAX_QUOTED_KEYS) QUOTED_KEYS.set(key, quoted);
  }
  return quoted;
}

/** Stable hash of what the row sends: its kind, payload and planned status. */
export function fingerprintOf(plan: RowPlan): string {
  const sent =
    plan.kind === 'skip'
      ? { kind: 'skip' }
      : { kind: plan.kind, payload: plan.payload, status: plan.kind === 'update' ? plan.status : undefined };
  // One-shot hash: a quarter of createHash().update().digest() for text this short.
  return hash('sha256', canonicalJson(sent), 'base64url').slice(0, 22);
}

/**
 * The row as written: its cells under the sheet's row signature (src/sheet/map/row-signature.ts:
 * headers, mapping, mapper version). Equal text maps to an equal payload, so a delta sync tells
 * an unchanged row from the ledger by comparing text it already holds: no payload JSON and no
 * hash per row, which a 100,000-row delta sync would otherwise spend most of its time on. The
 * ledger keeps this text (about the size of the row) next to the payload fingerprint; rows whose
 * text differs still get the payload check, so only `fp` decides that a row changed.
 */
export function rowTextOf(signature: string, cells: readonly string[]): string {
  // Each cell is length-prefixed, so no cell content (separators included) can imitate a split.
  let text = `${signature}\u001e`;
  for (const cell of cells) text += `${cell.length}:${cell}`;
  return text;
}

/** Whether `text` is rowTextOf(signature, cells), compared in place: nothing is built per row. */
export function isRowText(text: string, signature: string, cells: readonly string[]): boolean {
  if (!text.startsWith(signature) || text.charCodeAt(signature.length) !== 0x1e) return false;
  let at = signature.length + 1;
  for (const cell of cells) {
    const start = at;
    let length = 0;
    let code = text.charCodeAt(at);
    while (code >= 0x30 && code <= 0x39) {
      length = length * 10 + (code - 0x30);
      code = text.charCodeAt(++at);
    }
    // rowTextOf writes a plain decimal length (no leading zero) and a colon.
    const digits = at - start;
    if (digits === 0 || (digits > 1 && text.charCodeAt(start) === 0x30) || code !== 0x3a || length !== cell.length)
      return false;
    at += 1;
    if (!text.startsWith(cell, at)) return false;
    at += length;
  }
  return at === text.length;
}

/** What the row sends is what the ledger confirmed: by the row's text when both have it, else by payload. */
function sameAsSynced(
  plan: RowPlan,
  entry: LedgerEntry,
  signature: string | undefined,
  cells: readonly string[] | undefined,
): boolean {
  if (entry.rt !== undefined && signature !== undefined && cells !== undefined && isRowText(entry.rt, signature, cells))
    return true;
  return entry.fp === fingerprintOf(plan);
}

function skipped(row: number, message: string, code: string): RowResult {
  return { row, outcome: 'skipped', message, httpStatus: null, attempts: 0, code };
}

function describeKey(key: string): string {
  const [kind, ...rest] = key.split(':');
  if (kind === 'k') return `${rest[0]} ${rest.slice(1).join(':')}`;
  if (kind === 'p') return `product_id ${rest.join(':')}`;
  if (kind === 'b') return `brand_id ${rest.join(':')}`;
  return key;
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
  const where = `batch ${entry.batch}, row ${entry.row}`;
  if (plan.kind === 'create') {
    if (entry.st === 'pending' && entry.batch === batchId && entry.row !== row) {
      // Another row of this batch (on another worker) is creating the same key right now.
      return skipped(
        row,
        `not created: row ${entry.row} of this sheet creates a product with the same key`,
        'duplicate_key_in_batch',
      );
    }
    // Creates are not idempotent: a key created once is never created again, in any mode.
    if (entry.st === 'synced') {
      // Nothing to tell the user about a row that still says what was created: it is unchanged.
      if (settings.mode === 'delta' && sameAsSynced(plan, entry, settings.rowSignature, cells)) {
        return skipped(row, `unchanged since it was created (${where}; delta sync)`, UNCHANGED_CODE);
      }
      return skipped(
        row,
        `already created (${describeKey(key)}, ${where}); not created again: add the product's product_id to this row to update it`,
        'already_created',
      );
    }
    if (settings.retryUnknown) return null;
    if (entry.st === 'pending') {
      // The earlier run stopped while this create was in flight: it may exist.
      return {
        row,
        outcome: 'unknown',
        message: `an earlier run stopped while creating this product (${describeKey(key)}, ${where}); it may exist in the store: check it, add its product_id to update it, or sync again with --retry-unknown to create it`,
        httpStatus: null,
        attempts: 0,
        code: 'interrupted_create',
      };
    }
    return skipped(
      row,
      `an earlier create of this product had an unknown outcome (${describeKey(key)}, ${where}); it may exist in the store: check it, add its product_id to update it, or sync again with --retry-unknown to create it`,
      'unknown_create',
    );
  }
  if (settings.mode === 'delta' && entry.st === 'synced' && sameAsSynced(plan, entry, settings.rowSignature, cells)) {
    return skipped(row, `unchanged since ${where} (delta sync)`, UNCHANGED_CODE);
  }
  return null;
}

/**
 * A create that lost the atomic claim of its key to `held`: what the row ends as (never sent,
 * even with retryUnknown). Another sync creating the key right now is neither "an earlier run
 * that stopped" nor done yet: the row is `unknown` until that sync ends.
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
      message: `not created: another sync (batch ${held.batch}, row ${held.row}) is creating this product right now (${describeKey(key)}); check the store once it ends, and add the product's product_id to this row to update it`,
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
  rowText?: string,
): LedgerEntry | null {
  if (key === null) return null;
  if (CONFIRMED.has(result.outcome)) return entryOf(plan, 'synced', batchId, row, rowText);
  if (plan.kind === 'create' && result.outcome === 'unknown') return entryOf(plan, 'unknown', batchId, row, rowText);
  return null;
}

/** The entry written just before a create is sent (see LedgerState `pending`). */
export function pendingEntry(plan: RowPlan, batchId: string, row: number, rowText?: string): LedgerEntry {
  return entryOf(plan, 'pending', batchId, row, rowText);
}

function entryOf(plan: RowPlan, st: LedgerState, batch: string, row: number, rowText: string | undefined): LedgerEntry {
  const entry: LedgerEntry = { fp: fingerprintOf(plan), st, batch, row };
  if (rowText !== undefined) entry.rt = rowText;
  return entry;
}

/**
 * The ledger's namespace: one per store and vendor account, so two stores (or two vendors of
 * one store) never share entries. Hashed so the e-mail does not appear in key names.
 */
export function ledgerScope(storeUrl: string, storeEmail: string): string {
  const id = `${storeUrl.replace(/\/+$/, '').toLowerCase()}\n${storeEmail.trim().toLowerCase()}`;
  return createHash('sha256').update(id).digest('hex').slice(0, 16);
}
