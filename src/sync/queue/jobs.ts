/** What a queued job carries: one row's plan and cells (never a credential), or a report request. */
import type { Job } from 'bullmq';
import { batchOfRowJob } from './keys.ts';
import type { PackedPlan } from './packed-plan.ts';

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
  /** The plan with its texts that are cells written as their place (packed-plan.ts). */
  plan: PackedPlan;
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

/**
 * Row jobs retry only when the worker itself failed (Redis down...); store failures end in a
 * result. Like what happens to a finished row job (ROW_JOBS_KEPT), this is the worker's setting,
 * not each job's: BullMQ stores a job's options with it, once per queued row, and decides a retry
 * from the job it holds (withRowRetries). A row job is queued with its id alone.
 */
export const ROW_JOB_RETRIES = {
  attempts: 10,
  backoff: { type: 'exponential', delay: 500 },
} as const;

/**
 * The worker's retries on a row job it took (BullMQ reads a job stored without attempts as 0); a
 * job queued by an earlier version keeps its own.
 */
export function withRowRetries(job: Job): Job {
  if (!job.opts.attempts) job.opts.attempts = ROW_JOB_RETRIES.attempts;
  job.opts.backoff ??= { ...ROW_JOB_RETRIES.backoff };
  return job;
}

/** A row job is removed once done (its result is in the batch); failed ones, the last 1,000. */
export const ROW_JOBS_KEPT = { removeOnComplete: { count: 0 }, removeOnFail: { count: 1000 } } as const;

export const REPORT_JOB_OPTIONS = {
  attempts: 10,
  backoff: { type: 'exponential', delay: 1000 },
  removeOnComplete: { age: 24 * 3600 },
  removeOnFail: 1000,
} as const;
