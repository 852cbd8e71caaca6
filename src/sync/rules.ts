/**
 * Pure row rules: which store calls a plan makes, and which single outcome a row ends in given
 * what those calls answered. No I/O, no clock: table-tested in test/sync/rules.test.ts.
 */
import { isStoreError } from '../store/errors.ts';
import { isCreateOutcomeUnknown } from '../store/retry.ts';
import type { RowPlan, SheetRowResult } from '../sheet/types.ts';
import type { WriteResult } from '../store/types.ts';
import type { Outcome, RowResult } from '../outcome.ts';

export type CallKind = 'create' | 'update' | 'status' | 'brand';

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

/**
 * The outcome of a call that failed for good (the store client has already retried it as far as
 * store/retry.ts allows): `unknown` for a create that may have reached the store (never re-sent,
 * not even by a later sync without --retry-unknown), else `failed`.
 */
export function failureOutcome(call: CallKind, error: unknown): Outcome {
  if (call !== 'create') return 'failed';
  // An error that is not the store's (a bug, an invariant) says nothing about the request: assume it arrived.
  return !isStoreError(error) || isCreateOutcomeUnknown(error.code) ? 'unknown' : 'failed';
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
 * Folds the calls a row made into its one outcome. A last call that failed ends the row in
 * failureOutcome's outcome. SAME_STATUS on a status call is success (`unchanged`).
 */
export function outcomeOf(row: number, calls: CallRecord[]): RowResult {
  const attempts = calls.reduce((sum, c) => sum + c.attempts, 0);
  const last = calls.at(-1);
  if (!last) return { row, outcome: 'skipped', message: 'Nothing to send', httpStatus: null, attempts };
  const first = calls[0]!;
  if (last.error !== undefined && !isSameStatus(last.error)) {
    const err = errorText(last.error);
    const outcome = failureOutcome(last.call, last.error);
    const prefix =
      calls.length > 1 && first.error === undefined ? `${messageOf(first)}, but the status change failed: ` : '';
    const explain =
      outcome === 'unknown'
        ? ' (the product may or may not have been created; not re-sent: catalog-sync reconcile <batch> can settle it)'
        : '';
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

/**
 * The row's outcome with its plan's note appended (how a cell was read: a currency removed, an
 * identifier's full digits sent), so the report says it whatever happened to the row.
 */
export function withNote(result: RowResult, plan: RowPlan): RowResult {
  const note = plan.kind === 'create' || plan.kind === 'update' ? plan.note : undefined;
  if (note === undefined || note === '') return result;
  return { ...result, message: result.message === '' ? note : `${result.message}; ${note}` };
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
