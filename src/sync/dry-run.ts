/**
 * Dry run: what a row would do, checked against the store's answers fetched once (categories,
 * product_limit) and sending no writes. Pure: the caller fetches and passes the facts in.
 */
import type { RowPlan } from '../sheet/types.ts';
import type { RowResult } from '../outcome.ts';

export interface DryRunFacts {
  categoryIds: ReadonlySet<number>;
  /** Creates still allowed by product_limit (limit minus products the categories report); null = no limit known. */
  createsAllowed: number | null;
}

export interface DryRunState {
  creates: number;
}

const WOULD: Record<RowPlan['kind'], string> = {
  create: 'would create the product',
  update: 'would update the product',
  status: 'would change the product status',
  brand: 'would update the brand',
  skip: 'would skip the row',
};

export function dryRunResult(row: number, plan: RowPlan, facts: DryRunFacts, state: DryRunState): RowResult {
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
  return { ...base, outcome: 'skipped', message: `dry run: ${WOULD[plan.kind]}`, code: 'DRY_RUN' };
}
