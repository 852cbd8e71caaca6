import type { MessageParams } from './messages/types.ts';

/**
 * Every row of a batch ends in exactly one of these. They sit below every folder that speaks of rows
 * (sync, report, ledger), so none of those imports another for them.
 */
export const OUTCOMES = [
  'created',
  'updated',
  'status_changed',
  'unchanged',
  'skipped',
  'invalid',
  'failed',
  'unknown',
  // A dry run's rows: what each would do, having sent nothing (DRY_RUN_OUTCOMES).
  'would_create',
  'would_update',
  'would_change_status',
] as const;

export type Outcome = (typeof OUTCOMES)[number];

/** Outcomes that make a batch (and the CLI's exit code) not clean, and land in failed.csv. */
export const PROBLEM_OUTCOMES: ReadonlySet<Outcome> = new Set(['invalid', 'failed', 'unknown']);

export interface RowResult {
  row: number;
  outcome: Outcome;
  /** What happened, in words a shop operator can act on (the API's message when there was one), in English. */
  message: string;
  /** The message's catalogue key and parameters (src/messages): the same text in any language. */
  messageKey?: string;
  params?: MessageParams;
  httpStatus: number | null;
  attempts: number;
  /** StoreError code or row-issue code, for filtering in the report. */
  code?: string;
  /** The column at fault, for invalid rows. */
  column?: string;
}

/**
 * What the planner (sync/plan-row.ts) decides a row does, before it is sent: sent as one of the
 * plan's kinds, or not sent (unchanged, skipped, invalid). Here, below everything, so the page
 * (which loads no Node module) names the same words.
 */
export type PlanAction = 'create' | 'update' | 'status' | 'brand' | 'unchanged' | 'skipped' | 'invalid';

/** What a dry run says a row would do; no other batch has them. */
export const DRY_RUN_OUTCOMES: ReadonlySet<Outcome> = new Set(['would_create', 'would_update', 'would_change_status']);

/** How many rows of a batch ended in each outcome. */
export type OutcomeCounts = Record<Outcome, number>;

export function emptyCounts(): OutcomeCounts {
  return {
    created: 0,
    updated: 0,
    status_changed: 0,
    unchanged: 0,
    skipped: 0,
    invalid: 0,
    failed: 0,
    unknown: 0,
    would_create: 0,
    would_update: 0,
    would_change_status: 0,
  };
}
