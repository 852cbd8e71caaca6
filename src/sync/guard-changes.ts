/**
 * What a sheet row would change, field by field, against what catalog-sync last sent the
 * product (ledger/last-sent.ts): the preview's rows and the guard's facts. Pure.
 */
import { sameValue, sentValuesOf, type SentValues } from '../ledger/last-sent.ts';
import type { SheetRowResult } from '../sheet/index.ts';

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
  /** Why the row sends nothing (invalid, a planned skip, a product already created). */
  message?: string;
}

export function rowChange(result: SheetRowResult, before: SentValues | undefined): RowChange {
  const row = result.originalRow ?? result.row;
  const seen = before !== undefined;
  const plan = result.plan;
  if (plan === null) {
    const issue = result.issues.find((i) => i.severity === 'error') ?? result.issues[0];
    return { row, action: 'invalid', changes: [], seen, message: issue?.message ?? 'row could not be read' };
  }
  if (plan.kind === 'skip') return { row, action: 'unchanged', changes: [], seen, message: plan.reason };
  const after = sentValuesOf(plan) ?? fieldsOf(plan.payload);
  const changes = Object.entries(after)
    .filter(([field, value]) => !seen || !sameValue(before[field], value))
    .map(([field, value]) => ({ field, before: before?.[field] ?? null, after: value }));
  if (plan.kind === 'create') {
    // The ledger never creates a key twice: a sheet that still lists it sends nothing for it.
    if (seen) return { row, action: 'unchanged', changes: [], seen, message: 'already created; not created again' };
    return { row, action: 'create', changes, seen };
  }
  if (seen && changes.length === 0) return { row, action: 'unchanged', changes, seen };
  return { row, action: plan.kind === 'status' ? 'status' : 'update', changes, seen };
}

function fieldsOf(payload: object): SentValues {
  return { ...payload };
}
