/**
 * Dry run: what a row would do, checked against the store's answers fetched once (categories,
 * product_limit) and sending no writes. Pure: the caller fetches and passes the facts in.
 */
import type { RowPlan } from '../sheet/types.ts';
import type { Outcome, RowResult } from '../outcome.ts';
import { withNote } from './rules.ts';

export interface DryRunFacts {
  categoryIds: ReadonlySet<number>;
  /** Creates still allowed by product_limit (limit minus products the categories report); null = no limit known. */
  createsAllowed: number | null;
}

export interface DryRunState {
  creates: number;
}

/** What a row would do, as its outcome and in words; a brand row's update is an update too. */
const WOULD: Record<Exclude<RowPlan['kind'], 'skip'>, { outcome: Outcome; text: string }> = {
  create: { outcome: 'would_create', text: 'would create the product' },
  update: { outcome: 'would_update', text: 'would update the product' },
  status: { outcome: 'would_change_status', text: 'would change the product status' },
  brand: { outcome: 'would_update', text: 'would update the brand' },
};

export function dryRunResult(row: number, plan: RowPlan, facts: DryRunFacts, state: DryRunState): RowResult {
  return withNote(dryRunOutcome(row, plan, facts, state), plan);
}

function dryRunOutcome(row: number, plan: RowPlan, facts: DryRunFacts, state: DryRunState): RowResult {
  const base = { row, httpStatus: null, attempts: 0 };
  if (plan.kind === 'create' || plan.kind === 'update') {
    const category = plan.payload.category;
    if (category !== undefined && !facts.categoryIds.has(category)) {
      return {
        ...base,
        outcome: 'invalid',
        message: `category: category ${category} does not exist in the store`,
        code: 'unknown_category',
        column: 'category',
      };
    }
  }
  if (plan.kind === 'create') {
    state.creates++;
    if (facts.createsAllowed !== null && state.creates > facts.createsAllowed) {
      return {
        ...base,
        outcome: 'failed',
        message: `would exceed the store's product_limit (${facts.createsAllowed} more products allowed)`,
        code: 'product_limit',
      };
    }
  }
  if (plan.kind === 'skip') return { ...base, outcome: 'skipped', message: plan.reason };
  const would = WOULD[plan.kind];
  const then = plan.kind === 'update' && plan.status !== undefined ? ', then change its status' : '';
  return { ...base, outcome: would.outcome, message: `dry run: ${would.text}${then}`, code: 'DRY_RUN' };
}
