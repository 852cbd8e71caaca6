/**
 * What a sheet row would change, field by field, against what catalog-sync last sent the
 * product (ledger/last-sent.ts): the preview's rows and the guard's facts. Pure.
 */
import { sameValue, sentValuesOf, type SentValues } from '../ledger/last-sent.ts';
import type { LedgerState } from '../ledger/ledger.ts';
import { said, type MessageParams } from '../messages/index.ts';
import type { SheetRowResult } from '../sheet/index.ts';
import { skippedResult } from './rules.ts';

export type ChangeAction = 'create' | 'update' | 'status' | 'unchanged' | 'invalid';

export interface FieldChange {
  field: string;
  /** The value last sent; null when it never was (an unseen product, or a field never sent). */
  before: unknown;
  after: unknown;
}

export interface RowChange {
  row: number;
  action: ChangeAction;
  changes: FieldChange[];
  /** Whether catalog-sync has sent this product before (its ledger key has values). */
  seen: boolean;
  /** Why the row sends nothing (invalid, a planned skip, a product already created), in English. */
  message?: string;
  /** The same as data, for any language (messages/textOf). */
  messageKey?: string;
  params?: MessageParams;
}

/**
 * `ledgerState`: what the ledger holds for a create's key, when the caller asked it (the console's
 * preview): the ledger, not the values last sent, decides whether a create is sent (a key
 * forgotten with `ledger forget` is created again; an unknown create is not sent blindly).
 */
export function rowChange(
  result: SheetRowResult,
  before: SentValues | undefined,
  ledgerState?: LedgerState | null,
): RowChange {
  const row = result.originalRow ?? result.row;
  const seen = before !== undefined;
  const plan = result.plan;
  if (plan === null) {
    const issue = result.issues.find((i) => i.severity === 'error') ?? result.issues[0];
    const why = issue ? { message: issue.message, messageKey: issue.messageKey, params: issue.params } : null;
    return { row, action: 'invalid', changes: [], seen, ...(why ?? { message: 'row could not be read' }) };
  }
  if (plan.kind === 'skip') {
    const { message, messageKey, params } = skippedResult(row, plan.reason);
    return { row, action: 'unchanged', changes: [], seen, message, messageKey, params };
  }
  const after = sentValuesOf(plan) ?? fieldsOf(plan.payload);
  const changes = Object.entries(after)
    .filter(([field, value]) => !seen || !sameValue(before[field], value))
    .map(([field, value]) => ({ field, before: before?.[field] ?? null, after: value }));
  if (plan.kind === 'create') {
    const state = ledgerState === undefined ? (seen ? 'synced' : null) : ledgerState;
    // The ledger never creates a key twice: a sheet that still lists it sends nothing for it.
    if (state === 'synced')
      return { row, action: 'unchanged', changes: [], seen, ...said('preview.already_created', {}) };
    if (state !== null) return { row, action: 'unchanged', changes: [], seen, ...said('preview.unknown_create', {}) };
    // Created again after `ledger forget`: every field is sent.
    const all = Object.entries(after).map(([field, value]) => ({
      field,
      before: before?.[field] ?? null,
      after: value,
    }));
    return { row, action: 'create', changes: all, seen };
  }
  if (seen && changes.length === 0) return { row, action: 'unchanged', changes, seen };
  return { row, action: plan.kind === 'status' ? 'status' : 'update', changes, seen };
}

function fieldsOf(payload: object): SentValues {
  return { ...payload };
}
