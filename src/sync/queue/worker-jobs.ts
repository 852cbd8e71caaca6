/**
 * The steps a queue worker runs for each job: a row job (process the row, record its result,
 * queue the report when it was the batch's last), a report job (write the report once), and a
 * row job BullMQ gave up on (it still ends in one outcome).
 */
import { DelayedError, type Job } from 'bullmq';
import type { Logger } from '../../log.ts';
import { interruptedCreate } from '../../ledger/rules.ts';
import { said } from '../../messages/index.ts';
import type { CountsTaker } from '../category-counts.ts';
import { processRow } from '../process-row.ts';
import type { ProgressLog } from '../progress-log.ts';
import type { SendSlots } from '../slots.ts';
import { problemsIn } from '../tally.ts';
import type { RowResult } from '../../outcome.ts';
import type { BatchCounts } from './batch-counts.ts';
import type { BatchState } from './batch-state.ts';
import { batchOfJob, REPORT_JOB, withRowRetries, type ReportJobData, type RowJobData } from './jobs.ts';
import { unpackPlan } from './packed-plan.ts';
import { writeRedisBatchReport } from './report.ts';
import type { BatchContexts } from './worker-batches.ts';
import type { WorkerDeps } from './worker-types.ts';

/** What a worker's job steps share, built once by startSyncWorker. */
export interface WorkerParts {
  deps: WorkerDeps;
  logger: Logger;
  clock: () => number;
  state: BatchState;
  counts: BatchCounts;
  takeCounts: CountsTaker;
  progressLog: ProgressLog;
  batches: BatchContexts;
  slots: SendSlots;
  /** slots.schedule, refusing rows once stop() handed them back. */
  schedule: SendSlots['schedule'];
  queueReport: (batchId: string) => Promise<unknown>;
  /** Whether stop() handed the active rows back. */
  handedBack: () => boolean;
  /** Resolves once stop() has closed the connections of a worker that handed its rows back. */
  dropped: () => Promise<void>;
}

export async function runJob(w: WorkerParts, job: Job, token: string | undefined): Promise<void> {
  if (job.name === REPORT_JOB) return runReportJob(w, job, token);
  withRowRetries(job);
  const data = job.data as RowJobData;
  if ((await processRowJob(w, batchOfJob(job.id, data), data, job.attemptsStarted > 1)) === 'handBack')
    return handBack(w, job, token);
}

async function runReportJob(w: WorkerParts, job: Job, token: string | undefined): Promise<void> {
  const { logger, deps } = w;
  const { batchId } = job.data as ReportJobData;
  if (!(await w.batches.isOwn(batchId))) return handBack(w, job, token);
  const summary = await writeRedisBatchReport(w.state, batchId, w.clock(), { counts: w.counts, take: w.takeCounts });
  if (summary) {
    w.progressLog.end(batchId);
    logger.info(
      { batchId, total: summary.total, counts: summary.counts, reportDir: summary.reportDir },
      'batch report written',
    );
    await deps.onBatchReported?.(summary);
  }
}

/**
 * A job of another store's batch goes back to the queue as it came, for a worker of its own
 * store (one per store's prefix makes this a safety net, never the way rows are routed).
 */
async function handBack(w: WorkerParts, job: Job, token: string | undefined): Promise<never> {
  await job.moveToDelayed(w.clock() + (w.deps.handBackMs ?? 30_000), token);
  throw new DelayedError();
}

async function processRowJob(
  w: WorkerParts,
  batchId: string,
  data: RowJobData,
  startedBefore: boolean,
): Promise<'handBack' | void> {
  const { state, logger, deps } = w;
  const { row } = data;
  // Only a job started before (a worker stopped between recording its row and completing the
  // job, or a retry) can have a result already: a first start saves the round trip to look.
  if (startedBefore && (await state.hasResult(batchId, row))) {
    // Re-run after a crash between recording and completing: make sure the report is queued.
    if (await state.isComplete(batchId)) await w.queueReport(batchId);
    return;
  }
  const context = await w.batches.context(batchId);
  if (!context) {
    logger.warn({ batchId, row }, 'row of an unknown batch dropped');
    return;
  }
  if (context.foreign) return 'handBack';
  const stored = (result: RowResult) => ({ result, cells: data.cells, originalRow: data.originalRow });
  let recorded: { duplicate: boolean; completed: boolean } | undefined;
  const result = await processRow(
    {
      row,
      originalRow: data.originalRow,
      plan: unpackPlan(data.plan, data.cells, context.meta.headers),
      cells: data.cells,
    },
    {
      batchId,
      client: deps.client,
      ledger: context.ledger,
      markers: state.markers(batchId),
      onLedgerError: (err, r) => {
        // A row handed back meets its connections closing: what it sent is read from the ledger later.
        if (!w.handedBack()) logger.error({ err, batchId, row: r }, 'ledger could not record a row');
      },
      beforeCreate: context.beforeCreate,
      schedule: w.schedule,
      requestSlot: w.slots.requestSlot,
      // A sent row's result goes with its ledger record, in one Redis call (issue 41).
      recordInSlot: async (ended, ledgerWrites) => {
        recorded = await state.record(batchId, stored(ended), ledgerWrites);
      },
    },
  );
  // A row not sent (skipped, held by the ledger) is recorded here.
  recorded ??= await state.record(batchId, stored(result));
  if (!recorded.duplicate) deps.onRowEnded?.(result.outcome);
  if (recorded.completed) await w.queueReport(batchId);
  else if (w.progressLog.due(batchId)) await logProgress(w, batchId);
}

/** A line every few seconds while a batch runs, from its counters (all workers' rows). */
async function logProgress(w: WorkerParts, batchId: string): Promise<void> {
  const status = await w.state.status(batchId);
  if (!status) return;
  const { done, total, counts } = status;
  w.progressLog.log({ batchId, done, total, counts, problems: problemsIn(counts) });
}

/** BullMQ's 'failed' event: a row job that gave up still ends in one outcome; a report job is logged. */
export function onJobFailed(w: WorkerParts, job: Job | undefined, error: Error): void {
  const { logger, deps, state } = w;
  if (w.handedBack()) return;
  if (!job || job.name === REPORT_JOB) {
    logger.error({ err: error, jobId: job?.id }, 'report job failed');
    return;
  }
  if (job.attemptsMade < (withRowRetries(job).opts.attempts ?? 1)) return;
  // The job gave up (the worker itself kept failing): the row still ends in one outcome.
  const data = job.data as RowJobData;
  const batchId = batchOfJob(job.id, data);
  const result =
    data.plan.kind === 'create'
      ? interruptedCreate(data.row, batchId)
      : {
          row: data.row,
          outcome: 'failed' as const,
          ...said('worker_failed', { detail: error.message }),
          httpStatus: null,
          attempts: 0,
          code: 'WORKER',
        };
  state
    .record(batchId, { result, cells: data.cells, originalRow: data.originalRow })
    .then((recorded) => {
      if (!recorded.duplicate) deps.onRowEnded?.(result.outcome);
      return recorded.completed ? w.queueReport(batchId) : undefined;
    })
    .catch((err: unknown) => logger.error({ err, jobId: job.id }, 'could not record a failed row'));
}
