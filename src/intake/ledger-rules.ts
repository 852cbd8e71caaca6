/**
 * The ledger's decisions, as pure functions (no I/O, no clock): which key a row is tracked
 * under, the fingerprint of what it sends, whether it must be skipped, and what to record once
 * its outcome is final.
 */
import { createHash } from 'node:crypto';
import type { RowPlan } from '../sheet/types.ts';
import type { GuardSettings } from '../sync/guard.ts';
import type { Outcome, RowResult } from '../sync/outcome.ts';
import type { LedgerEntry } from './ledger.ts';

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

/** JSON with object keys sorted at every depth, so equal payloads give equal text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** Stable hash of what the row sends: its kind, payload and planned status. */
export function fingerprintOf(plan: RowPlan): string {
  const sent =
    plan.kind === 'skip'
      ? { kind: 'skip' }
      : { kind: plan.kind, payload: plan.payload, status: plan.kind === 'update' ? plan.status : undefined };
  return createHash('sha256').update(canonicalJson(sent)).digest('base64url').slice(0, 22);
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
  settings: GuardSettings,
  batchId?: string,
): RowResult | null {
  if (key === null || entry === undefined) return null;
  const where = `batch ${entry.batch}, row ${entry.row}`;
  if (plan.kind === 'create') {
    if (entry.st === 'pending' && entry.batch === batchId && entry.row !== row) {
      // Another row of this batch (on another worker) is creating the same key right now.
      return skipped(row, `not created: row ${entry.row} of this sheet creates a product with the same key`, 'duplicate_key_in_batch');
    }
    // Creates are not idempotent: a key created once is never created again, in any mode.
    if (entry.st === 'synced') {
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
  if (settings.mode === 'delta' && entry.st === 'synced' && entry.fp === fingerprintOf(plan)) {
    return skipped(row, `unchanged since ${where} (delta sync)`, 'unchanged_since_last_sync');
  }
  return null;
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
): LedgerEntry | null {
  if (key === null) return null;
  if (CONFIRMED.has(result.outcome)) return { fp: fingerprintOf(plan), st: 'synced', batch: batchId, row };
  if (plan.kind === 'create' && result.outcome === 'unknown') {
    return { fp: fingerprintOf(plan), st: 'unknown', batch: batchId, row };
  }
  return null;
}

/** The entry written just before a create is sent (see LedgerState `pending`). */
export function pendingEntry(plan: RowPlan, batchId: string, row: number): LedgerEntry {
  return { fp: fingerprintOf(plan), st: 'pending', batch: batchId, row };
}

/**
 * The ledger's namespace: one per store and vendor account, so two stores (or two vendors of
 * one store) never share entries. Hashed so the e-mail does not appear in key names.
 */
export function ledgerScope(storeUrl: string, storeEmail: string): string {
  const id = `${storeUrl.replace(/\/+$/, '').toLowerCase()}\n${storeEmail.trim().toLowerCase()}`;
  return createHash('sha256').update(id).digest('hex').slice(0, 16);
}
