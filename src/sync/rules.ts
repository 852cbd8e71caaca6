/**
 * Pure row rules: which store calls a plan makes, and which single outcome a row ends in given
 * what those calls answered. No I/O, no clock: table-tested in test/sync/rules.test.ts.
 */
import { ref, said, saidOf, type MessageRef } from '../messages/index.ts';
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
/** A call's success, in the store's words when it gave some (`store`), else ours. */
const DONE: Record<CallKind, 'done.create' | 'done.update' | 'done.status' | 'done.brand'> = {
  create: 'done.create',
  update: 'done.update',
  status: 'done.status',
  brand: 'done.brand',
};

/** The store's own message as it said it, or our words for a failure it gave none for. */
function errorText(error: unknown): { text: MessageRef; httpStatus: number | null; code?: string } {
  if (isStoreError(error)) {
    const text =
      error.apiMessage !== undefined
        ? ref('store.said', { text: error.apiMessage })
        : ref('store.failed', { code: error.code, detail: error.message });
    return { text, httpStatus: error.httpStatus ?? null, code: error.code };
  }
  const detail = error instanceof Error ? error.message : String(error);
  return { text: ref('internal_error', { detail }), httpStatus: null, code: 'INTERNAL' };
}

const SKIP_REASONS: Readonly<Record<string, 'skip.blank' | 'skip.action'>> = {
  'blank row': 'skip.blank',
  'action column says skip': 'skip.action',
};

/** A planned skip's result: its reason, in any language when the catalogue has it. */
export function skippedResult(row: number, reason: string): RowResult {
  const key = SKIP_REASONS[reason];
  const text = key === undefined ? { message: reason } : { ...said(key, {}), message: reason };
  return { row, outcome: 'skipped', ...text, httpStatus: null, attempts: 0 };
}

const isSameStatus = (error: unknown): boolean => isStoreError(error) && error.code === 'SAME_STATUS';

/**
 * Folds the calls a row made into its one outcome. A last call that failed ends the row in
 * failureOutcome's outcome. SAME_STATUS on a status call is success (`unchanged`).
 */
export function outcomeOf(row: number, calls: CallRecord[]): RowResult {
  const attempts = calls.reduce((sum, c) => sum + c.attempts, 0);
  const last = calls.at(-1);
  if (!last) return { row, outcome: 'skipped', ...said('nothing_to_send', {}), httpStatus: null, attempts };
  const first = calls[0]!;
  if (last.error !== undefined && !isSameStatus(last.error)) {
    const err = errorText(last.error);
    const outcome = failureOutcome(last.call, last.error);
    let text = err.text;
    if (calls.length > 1 && first.error === undefined)
      text = ref('status_failed_after', { first: messageOf(first), error: text });
    if (outcome === 'unknown') text = ref('create_unknown', { error: text });
    return {
      row,
      outcome,
      ...saidOf(text),
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
      ...said('same_status', { error: err.text }),
      httpStatus: err.httpStatus,
      attempts,
      code: 'SAME_STATUS',
    };
  }
  if (calls.length > 1) {
    // update followed by status: the row was updated; say what happened to the status.
    const statusPart = isSameStatus(last.error) ? ref('status_already_set', {}) : messageOf(last);
    return {
      row,
      outcome: 'updated',
      ...said('done.update_then', { first: messageOf(first), status: statusPart }),
      httpStatus: first.result?.httpStatus ?? 200,
      attempts,
    };
  }
  return {
    row,
    outcome: SUCCESS[last.call],
    ...saidOf(messageOf(last)),
    httpStatus: last.result?.httpStatus ?? 200,
    attempts,
  };
}

function messageOf(record: CallRecord): MessageRef {
  return ref(DONE[record.call], { store: record.result?.message ?? '' });
}

/**
 * The row's outcome with its plan's note appended (how a cell was read: a currency removed, an
 * identifier's full digits sent), so the report says it whatever happened to the row.
 */
export function withNote(result: RowResult, plan: RowPlan): RowResult {
  const noted = plan.kind === 'create' || plan.kind === 'update' || plan.kind === 'status';
  const note = noted ? plan.note : undefined;
  if (note === undefined || note === '') return result;
  const message = result.message === '' ? note : `${result.message}; ${note}`;
  const notes = noted ? plan.notes : undefined;
  // A plan queued by an earlier version has its note in English only: the row keeps English.
  if (notes === undefined || result.messageKey === undefined) return withoutKey({ ...result, message });
  const earlier = { key: result.messageKey, params: result.params ?? {} };
  return { ...result, ...said('with_notes', { message: earlier, notes }), message };
}

/** The outcome of a row the mapper could not turn into a plan: its first error names the column. */
export function invalidResult(sheetRow: SheetRowResult): RowResult {
  const issue = sheetRow.issues.find((i) => i.severity === 'error') ?? sheetRow.issues[0];
  if (!issue)
    return {
      row: sheetRow.row,
      outcome: 'invalid',
      ...said('row_unreadable', {}),
      httpStatus: null,
      attempts: 0,
      code: 'invalid',
    };
  // The mapper's messages usually name the column already; say it once.
  const message =
    issue.column && !issue.message.startsWith(`${issue.column}`) ? `${issue.column}: ${issue.message}` : issue.message;
  const text =
    issue.messageKey === undefined || issue.column === null
      ? {
          message,
          ...(issue.messageKey === undefined ? {} : { messageKey: issue.messageKey, params: issue.params ?? {} }),
        }
      : {
          ...said('with_column', { column: issue.column, text: { key: issue.messageKey, params: issue.params ?? {} } }),
          message,
        };
  return {
    row: sheetRow.row,
    outcome: 'invalid',
    ...text,
    httpStatus: null,
    attempts: 0,
    code: issue.code,
    ...(issue.column ? { column: issue.column } : {}),
  };
}

/** The row's message without a catalogue key, when its text no longer matches one. */
function withoutKey(result: RowResult): RowResult {
  const { messageKey: _key, params: _params, ...rest } = result;
  return rest;
}
