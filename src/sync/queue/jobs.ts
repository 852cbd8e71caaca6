/** What a queued job carries: one row's plan and cells (never a credential), or a report request. */
import type { RowPlan } from '../../sheet/types.ts';

export interface RowJobData {
  batchId: string;
  row: number;
  originalRow?: number | undefined;
  cells: string[];
  plan: RowPlan;
}

export interface ReportJobData {
  batchId: string;
}

export const ROW_JOB = 'row';
export const REPORT_JOB = 'report';

/** Row jobs retry only when the worker itself failed (Redis down...); store failures end in a result. */
export const ROW_JOB_OPTIONS = {
  attempts: 10,
  backoff: { type: 'exponential', delay: 500 },
  removeOnComplete: true,
  removeOnFail: 1000,
} as const;

export const REPORT_JOB_OPTIONS = {
  attempts: 10,
  backoff: { type: 'exponential', delay: 1000 },
  removeOnComplete: { age: 24 * 3600 },
  removeOnFail: 1000,
} as const;
