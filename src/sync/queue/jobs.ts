/** What a queued job carries: one row's plan and cells (never a credential), or a report request. */
import type { RowPlan } from '../../sheet/types.ts';
import { batchOfRowJob } from './keys.ts';

/**
 * One row. Its batch is in the job's id (keys.ts rowJobId), not repeated here: Redis holds every
 * queued row, and the bytes per row are what a 100,000-row batch costs (bench/scale.ts).
 */
export interface RowJobData {
  /** Only in jobs queued by versions that wrote it; read through batchOfJob. */
  batchId?: string;
  row: number;
  originalRow?: number | undefined;
  cells: string[];
  plan: RowPlan;
}

/** The batch a row job belongs to. */
export function batchOfJob(id: string | undefined, data: RowJobData): string {
  return data.batchId ?? batchOfRowJob(id ?? '');
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
