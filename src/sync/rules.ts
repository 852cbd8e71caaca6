/**
 * Pure row rules: which store calls a plan makes, and which single outcome a row ends in given
 * what those calls answered. No I/O, no clock: table-tested in test/sync/rules.test.ts.
 */
import { isStoreError, type StoreErrorCode } from '../store/errors.ts';
import type { RowPlan, SheetRowResult } from '../sheet/types.ts';
import type { WriteResult } from '../store/types.ts';
import type { Outcome, RowResult } from '../outcome.ts';

export type CallKind = 'create' | 'update' | 'status' | 'brand';

export interface RetryPolicy {
  /** Job-level attempts per call (the client retries each attempt at call level too). */
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { maxAttempts: 3, baseDelayMs: 500, maxDelayMs: 10_000 };

/** The calls a plan makes, in order. */
export function callsFor(plan: RowPlan): CallKind[] {
  switch (plan.kind) {
    case 'create':
      return ['create'];
    case 'update':
      return plan.status === undefined ? ['update'] : ['update', 'status'];
    case 'status':
      return ['status'];
    case 'brand':
      return ['brand'];
    case 'skip':
      return [];
  }
}

/** Codes that say the request surely never reached the store: even a create may be re-sent. */
const NOT_REACHED: ReadonlySet<StoreErrorCode> = new Set(['NOT_SENT', 'RATE_LIMITED']);
/** Codes where the store may have acted: only idempotent calls may be re-sent. */
const MAYBE_REACHED: ReadonlySet<StoreErrorCode> = new Set(['SERVER_ERROR', 'AMBIGUOUS', 'BAD_RESPONSE']);

export type FailureStep = { action: 'retry'; delayMs: number } | { action: 'final'; outcome: Outcome };

/** After a failed call (attempt counted from 1): retry after a delay, or end the row. */
export function decideFailure(call: CallKind, error: unknown, attempt: number, policy: RetryPolicy): FailureStep {
  if (!isStoreError(error)) return { action: 'final', outcome: call === 'create' ? 'unknown' : 'failed' };
  const canRetry = attempt < policy.maxAttempts;
  if (NOT_REACHED.has(error.code)) {
    return canRetry
      ? { action: 'retry', delayMs: retryDelay(attempt, error.retryAfterMs, policy) }
      : { action: 'final', outcome: 'failed' };
  }
  if (MAYBE_REACHED.has(error.code)) {
    // A create that may have reached the store is never re-sent: duplicates are worse than a gap.
    if (call === 'create') return { action: 'final', outcome: 'unknown' };
    return canRetry
      ? { action: 'retry', delayMs: retryDelay(attempt, error.retryAfterMs, policy) }
      : { action: 'final', outcome: 'failed' };
  }
  return { action: 'final', outcome: 'failed' };
}

/** Exponential backoff, never shorter than the store's Retry-After. */
export function retryDelay(attempt: number, retryAfterMs: number | undefined, policy: RetryPolicy): number {
  const backoff = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, attempt - 1));
  return Math.max(backoff, retryAfterMs ?? 0);
}

export interface CallRecord {
  call: CallKind;
  /** The successful answer, or the final error. */
  result: WriteResult | undefined;
  error: unknown;
  attempts: number;
}

const SUCCESS: Record<CallKind, Outcome> = {
  create: 'created',
  update: 'updated',
  status: 'status_changed',
  brand: 'updated',
};
const DEFAULT_MESSAGE: Record<CallKind, string> = {
  create: 'Product created',
  update: 'Product updated',
  status: 'Product status updated',
  brand: 'Brand updated',
};

function errorText(error: unknown): { message: string; httpStatus: number | null; code?: string } {
  if (isStoreError(error)) {
    return { message: error.apiMessage ?? error.message, httpStatus: error.httpStatus ?? null, code: error.code };
  }
  return { message: error instanceof Error ? error.message : String(error), httpStatus: null, code: 'INTERNAL' };
}

const isSameStatus = (error: unknown): boolean => isStoreError(error) && error.code === 'SAME_STATUS';

/**
 * Folds the calls a row made into its one outcome. `finalFailure` is the outcome decideFailure
 * chose for the last call when it failed. SAME_STATUS on a status call is success (`unchanged`).
 */
export function outcomeOf(row: number, calls: CallRecord[], finalFailure?: Outcome): RowResult {
  const attempts = calls.reduce((sum, c) => sum + c.attempts, 0);
  const last = calls.at(-1);
  if (!last) return { row, outcome: 'skipped', message: 'Nothing to send', httpStatus: null, attempts };
  const first = calls[0]!;
  if (last.error !== undefined && !isSameStatus(last.error)) {
    const err = errorText(last.error);
    const outcome = finalFailure ?? (last.call === 'create' ? 'unknown' : 'failed');
    const prefix =
      calls.length > 1 && first.error === undefined ? `${messageOf(first)}, but the status change failed: ` : '';
    const explain = outcome === 'unknown' ? ' (the product may or may not have been created; not re-sent)' : '';
    return {
      row,
      outcome,
      message: `${prefix}${err.message}${explain}`,
      httpStatus: err.httpStatus,
      attempts,
      ...(err.code ? { code: err.code } : {}),
    };
  }
  if (calls.length === 1 && last.call === 'status' && isSameStatus(last.error)) {
    const err = errorText(last.error);
    return {
      row,
      outcome: 'unchanged',
      message: err.message,
      httpStatus: err.httpStatus,
      attempts,
      code: 'SAME_STATUS',
    };
  }
  if (calls.length > 1) {
    // update followed by status: the row was updated; say what happened to the status.
    const statusPart = isSameStatus(last.error) ? 'status already set' : messageOf(last);
    return {
      row,
      outcome: 'updated',
      message: `${messageOf(first)}; ${statusPart}`,
      httpStatus: first.result?.httpStatus ?? 200,
      attempts,
    };
  }
  return {
    row,
    outcome: SUCCESS[last.call],
    message: messageOf(last),
    httpStatus: last.result?.httpStatus ?? 200,
    attempts,
  };
}

function messageOf(record: CallRecord): string {
  return record.result?.message || DEFAULT_MESSAGE[record.call];
}

/** The outcome of a row the mapper could not turn into a plan: its first error names the column. */
export function invalidResult(sheetRow: SheetRowResult): RowResult {
  const issue = sheetRow.issues.find((i) => i.severity === 'error') ?? sheetRow.issues[0];
  if (!issue)
    return {
      row: sheetRow.row,
      outcome: 'invalid',
      message: 'Row could not be read',
      httpStatus: null,
      attempts: 0,
      code: 'invalid',
    };
  // The mapper's messages usually name the column already; say it once.
  const message =
    issue.column && !issue.message.startsWith(`${issue.column}`) ? `${issue.column}: ${issue.message}` : issue.message;
  return {
    row: sheetRow.row,
    outcome: 'invalid',
    message,
    httpStatus: null,
    attempts: 0,
    code: issue.code,
    ...(issue.column ? { column: issue.column } : {}),
  };
}
