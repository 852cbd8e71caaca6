/**
 * The values a row sends a product, as the store keeps them: what a record holds as "last sent"
 * once the store confirmed them, what a preview shows as "before" and the guard compares a new
 * price with. Not a read of the store: the store API has no product read. Pure.
 */
import { isDeepStrictEqual } from 'node:util';
import type { RowPlan } from '../sheet/types.ts';
import type { RowResult } from '../outcome.ts';
import type { SentValues } from './ledger.ts';

export type { SentValues } from './ledger.ts';

/**
 * The fields a row's plan sends, as the store keeps them; null for a row that sends no product
 * (a brand's values are the brand's, not a product's). Gathered by eachSentValue: one rule.
 */
export function sentValuesOf(plan: RowPlan): SentValues | null {
  if (plan.kind === 'brand' || plan.kind === 'skip') return null;
  const values: Record<string, unknown> = {};
  eachSentValue(plan, (field, value) => {
    values[field] = value;
  });
  return values;
}

/**
 * Calls `visit` with each field a plan sends and its value, in the payload's order (a brand's,
 * its payload's; a skip's, none), reading them where the plan holds them: the planner
 * looks at every row of a sheet, and a copy of each row's values was most of its garbage.
 */
export function eachSentValue(plan: RowPlan, visit: (field: string, value: unknown) => void): void {
  switch (plan.kind) {
    case 'create':
    case 'brand':
      eachField(plan.payload, null, visit);
      return;
    case 'update':
      eachField(plan.payload, 'product_id', visit);
      if (plan.status !== undefined) visit('product_status', plan.status);
      return;
    case 'status':
      visit('product_status', plan.payload.product_status);
      return;
    case 'skip':
      return;
  }
}

function eachField(payload: object, except: string | null, visit: (field: string, value: unknown) => void): void {
  const fields = payload as Record<string, unknown>;
  for (const field in fields) if (field !== except && Object.hasOwn(fields, field)) visit(field, fields[field]);
}

/**
 * Values are compared as data: a price list `{"1": 5}` equals the same list sent again, whatever
 * the order of its keys (a queued row's plan is rebuilt by the worker, its objects' keys in
 * another order than the planner's).
 */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  // A text, or two finite numbers, equal only when equal: the guard compares every price.
  if (typeof a === 'string' || typeof b === 'string') return false;
  if (typeof a === 'number' && typeof b === 'number' && Number.isFinite(a) && Number.isFinite(b)) return false;
  return isDeepStrictEqual(a, b);
}

/** Whether every value a plan sends is the one last sent (nothing for the store to change). */
export function sendsNothingNew(plan: RowPlan, last: SentValues | undefined): boolean {
  const sent = sentValuesOf(plan);
  if (sent === null || last === undefined) return false;
  return Object.entries(sent).every(([field, value]) => sameValue(last[field], value));
}

/** The outcomes that confirm what a row sent. */
const CONFIRMED: ReadonlySet<RowResult['outcome']> = new Set(['created', 'updated', 'status_changed', 'unchanged']);

export function confirmsSent(result: RowResult): boolean {
  return CONFIRMED.has(result.outcome);
}
