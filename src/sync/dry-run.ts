/**
 * Dry run: what a row would do, checked against the store's answers fetched once (categories,
 * product_limit) and sending no writes. Pure: the caller fetches and passes the facts in.
 */
import type { RowPlan } from '../sheet/types.ts';
import type { Outcome, RowResult } from '../outcome.ts';
import { said, type Said } from '../messages/index.ts';
import { skippedResult, withNote } from './rules.ts';

export interface DryRunFacts {
  categoryIds: ReadonlySet<number>;
  /** Creates still allowed by product_limit (limit minus products the categories report); null = no limit known. */
  createsAllowed: number | null;
  /** The header the sheet gives `category` (`التصنيف`): what a row's message names. @defaultValue category */
  categoryColumn?: string;
}

export interface DryRunState {
  creates: number;
}

/** What a row would do, as its outcome and in words; a brand row's update is an update too. */
const WOULD: Record<Exclude<RowPlan['kind'], 'skip'>, Outcome> = {
  create: 'would_create',
  update: 'would_update',
  status: 'would_change_status',
  brand: 'would_update',
};

function wouldText(plan: Exclude<RowPlan, { kind: 'skip' }>): Said {
  switch (plan.kind) {
    case 'create':
      return said('dry.create', {});
    case 'update':
      return said('dry.update', { thenStatus: plan.status !== undefined ? 'yes' : 'no' });
    case 'status':
      return said('dry.status', {});
    case 'brand':
      return said('dry.brand', {});
  }
}

export function dryRunResult(row: number, plan: RowPlan, facts: DryRunFacts, state: DryRunState): RowResult {
  return withNote(dryRunOutcome(row, plan, facts, state), plan);
}

function dryRunOutcome(row: number, plan: RowPlan, facts: DryRunFacts, state: DryRunState): RowResult {
  const base = { row, httpStatus: null, attempts: 0 };
  if (plan.kind === 'create' || plan.kind === 'update') {
    const category = plan.payload.category;
    if (category !== undefined && !facts.categoryIds.has(category)) {
      const column = facts.categoryColumn ?? 'category';
      return {
        ...base,
        outcome: 'invalid',
        ...said('dry.unknown_category', { category, column }),
        code: 'unknown_category',
        column,
      };
    }
  }
  if (plan.kind === 'create') {
    state.creates++;
    if (facts.createsAllowed !== null && state.creates > facts.createsAllowed) {
      return {
        ...base,
        outcome: 'failed',
        ...said('dry.product_limit', { allowed: facts.createsAllowed }),
        code: 'product_limit',
      };
    }
  }
  if (plan.kind === 'skip') return skippedResult(row, plan.reason);
  return { ...base, outcome: WOULD[plan.kind], ...wouldText(plan), code: 'DRY_RUN' };
}
