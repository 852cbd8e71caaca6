/**
 * `catalog-sync worker`: a BullMQ worker running the same row processor as the in-process
 * transport. Results go to the batch's Redis hash; the worker that ends a batch's last row queues
 * its report job, and whichever worker takes that job writes the report once.
 */
import { DelayedError, Worker, type Job } from 'bullmq';
import { silentLogger, type Logger } from '../../log.ts';
import type { StoreApi } from '../../store/types.ts';
import { describeStore, sameStore, type StoreIdentity } from '../../store/identity.ts';
import type { BatchLedger } from '../../ledger/batch-ledger.ts';
import { processRow } from '../process-row.ts';
import { sendSlots } from '../slots.ts';
import { ProgressLog } from '../progress-log.ts';
import { problemsIn } from '../tally.ts';
import { buildBatchLedger } from '../prepare.ts';
import { interruptedCreate } from '../../ledger/rules.ts';
import { said } from '../../messages/index.ts';
import type { BatchLedgerFactory } from '../../ledger/batch-ledger.ts';
import type { BatchSummary } from '../../report/summary.ts';
import type { Outcome } from '../../outcome.ts';
import { BatchState, type BatchMeta } from './batch-state.ts';
import { bullConnection, closeBull, openRedis, type RedisTarget } from './connection.ts';
import { onBullError } from './redis-outage.ts';
import {
  batchOfJob,
  REPORT_JOB,
  REPORT_JOB_OPTIONS,
  ROW_JOBS_KEPT,
  type ReportJobData,
  type RowJobData,
} from './jobs.ts';
import { engineKeys, QUEUE_NAME, reportJobId } from './keys.ts';
import { rowQueue } from './row-queue.ts';
import { writeRedisBatchReport } from './report.ts';
import { unpackPlan } from './packed-plan.ts';
import { BatchCounts } from './batch-counts.ts';
import { countsTaker } from '../category-counts.ts';

export type WorkerDeps = RedisTarget & {
  /**
   * A client whose RateGate is the shared RedisRateGate, so the limit holds across workers. Its
   * store is the only one this worker sends to: `prefix` is that store's (keys.ts storePrefix).
   */
  client: StoreApi;
  /** Requests in flight from this process (CONCURRENCY); see sync/slots.ts. */
  concurrency: number;
  logger?: Logger;
  clock?: () => number;
  batchLedgers?: BatchLedgerFactory;
  /**
   * A batch whose report this worker wrote, or found written when its report job ran again (a
   * worker stopped in between): awaited, and a failure runs the report job again, so what it
   * records (the batch's notification) is recorded at least once.
   */
  onBatchReported?: (summary: BatchSummary) => void | Promise<void>;
  /** A row this worker ended, once recorded (not a re-run's duplicate): the worker's metrics. */
  onRowEnded?: (outcome: Outcome) => void;
  /** How long a job stays locked without a heartbeat before another worker takes it over. @defaultValue 30000 */
  lockDurationMs?: number;
  /** How often stalled jobs are looked for. @defaultValue 15000 */
  stalledIntervalMs?: number;
  /** How long a reported batch's state stays in Redis. @defaultValue BATCH_RETENTION_SECONDS (7 days) */
  batchRetentionSeconds?: number;
  /** How long a job of another store's batch waits before it is offered again. @defaultValue 30000 */
  handBackMs?: number;
};

/** A batch this worker must not touch: it names another store (or none, queued by an older version). */
interface ForeignBatch {
  foreign: true;
  store: StoreIdentity | undefined;
}

/** What a worker holds for a batch it has rows of: null for a batch Redis no longer knows. */
type BatchContext =
  { foreign?: never; meta: BatchMeta; ledger: BatchLedger; beforeCreate: () => Promise<void> } | ForeignBatch | null;

export interface SyncWorker {
  /** Graceful: waits for active rows to end; with `force`, waits for none (their jobs stall, see stop()). */
  close(force?: boolean): Promise<void>;
  /**
   * Shutdown within a bound: takes no more rows and gives the active ones `graceMs` to end. Those
   * still running then are handed back: no new row starts its store calls, and every connection of
   * this worker is dropped at once (never waiting for Redis, which may be down), so nothing more of
   * them is recorded or completed here. Their jobs keep their lock until it expires
   * (lockDurationMs), and BullMQ's stalled-job check then gives them to another worker, which
   * finds what the ledger knows (a create that left ends `unknown`, never sent twice). Resolves
   * with how many rows were handed back.
   */
  stop(graceMs: number): Promise<{ handedBack: number }>;
  /** Resolves once the worker is connected and taking jobs. */
  ready(): Promise<void>;
}

export function startSyncWorker(deps: WorkerDeps): SyncWorker {
  const logger = deps.logger ?? silentLogger;
  const clock = deps.clock ?? Date.now;
  const redis = openRedis(deps, logger);
  const state = new BatchState(redis, engineKeys(deps.prefix), deps.batchRetentionSeconds);
  const queue = rowQueue(deps);
  onBullError(queue, logger, 'report queue');
  const counts = new BatchCounts(redis, engineKeys(deps.prefix));
  const takeCounts = countsTaker(deps.client, clock);
  const ledgers = new Map<string, Promise<BatchContext>>();
  const ownStore = deps.client.identity;
  const progressLog = new ProgressLog(logger, undefined, clock);
  // CONCURRENCY bounds the requests in flight; a few more rows than that have their store calls
  // (rate gate, ledger claim, request, ledger record) under way (slots.ts). A few more jobs than
  // rows run, so a row's Redis steps outside its calls (the ledger read, the result record,
  // BullMQ's move to the next job: about a tenth of a row's time at 50 ms store latency) overlap
  // other rows' calls instead of leaving a slot idle meanwhile.
  const slots = sendSlots(deps.concurrency);
  const jobs = slots.rows + Math.max(2, Math.ceil(deps.concurrency / 4));
  /** The jobs running now, and whether stop() handed them back. */
  const active = new Set<string | undefined>();
  let handedBack = false;
  // A row waiting for its row slot when the rows are handed back never starts its calls.
  const schedule: typeof slots.schedule = (calls) =>
    slots.schedule(() => (handedBack ? Promise.reject(new HandedBack()) : calls()));

  const batchContext = (batchId: string) => {
    let entry = ledgers.get(batchId);
    if (!entry) {
      entry = state.meta(batchId).then((meta): BatchContext => {
        if (!meta) return null;
        if (!meta.store || !sameStore(meta.store, ownStore)) {
          logger.error(
            { batchId, batchStore: meta.store ?? null, workerStore: ownStore },
            `batch ${batchId} is for ${meta.store ? describeStore(meta.store) : 'a store it does not name'}, and this worker serves ${describeStore(ownStore)}: its rows are handed back unsent`,
          );
          return { foreign: true, store: meta.store };
        }
        // This worker's first row of the batch: its start, as this worker sees it.
        logger.info({ batchId, file: meta.file, source: meta.source }, 'batch started on this worker');
        progressLog.due(batchId);
        // Once this worker has seen the batch's "before" counts, its creates wait no more.
        let before: Promise<void> | undefined;
        const beforeCreate = () =>
          (before ??= counts.ensureBefore(batchId, takeCounts).catch((error: unknown) => {
            before = undefined;
            throw error;
          }));
        return { meta, ledger: buildBatchLedger(meta.ledger, deps.batchLedgers), beforeCreate };
      });
      entry.catch(() => ledgers.delete(batchId));
      ledgers.set(batchId, entry);
      // A long-running worker sees many batches: keep the newest few.
      if (ledgers.size > 50) ledgers.delete(ledgers.keys().next().value!);
    }
    return entry;
  };

  const queueReport = (batchId: string) =>
    queue.add(REPORT_JOB, { batchId } satisfies ReportJobData, { ...REPORT_JOB_OPTIONS, jobId: reportJobId(batchId) });

  /**
   * A job of another store's batch goes back to the queue as it came, for a worker of its own
   * store (one per store's prefix makes this a safety net, never the way rows are routed).
   */
  const handBack = async (job: Job, token: string | undefined): Promise<never> => {
    await job.moveToDelayed(clock() + (deps.handBackMs ?? 30_000), token);
    throw new DelayedError();
  };

  /** Whether a batch's report may be written here: the report asks this worker's store for its category counts. */
  const isOwnBatch = async (batchId: string): Promise<boolean> => {
    const meta = await state.meta(batchId);
    return meta === null || (meta.store !== undefined && sameStore(meta.store, ownStore));
  };

  const processRowJob = async (
    batchId: string,
    data: RowJobData,
    startedBefore: boolean,
  ): Promise<'handBack' | void> => {
    const { row } = data;
    // Only a job started before (a worker stopped between recording its row and completing the
    // job, or a retry) can have a result already: a first start saves the round trip to look.
    if (startedBefore && (await state.hasResult(batchId, row))) {
      // Re-run after a crash between recording and completing: make sure the report is queued.
      if (await state.isComplete(batchId)) await queueReport(batchId);
      return;
    }
    const context = await batchContext(batchId);
    if (!context) {
      logger.warn({ batchId, row }, 'row of an unknown batch dropped');
      return;
    }
    if (context.foreign) return 'handBack';
    const result = await processRow(
      { row, originalRow: data.originalRow, plan: unpackPlan(data.plan, data.cells), cells: data.cells },
      {
        batchId,
        client: deps.client,
        ledger: context.ledger,
        markers: state.markers(batchId),
        onLedgerError: (err, r) => {
          // A row handed back meets its connections closing: what it sent is read from the ledger later.
          if (!handedBack) logger.error({ err, batchId, row: r }, 'ledger could not record a row');
        },
        beforeCreate: context.beforeCreate,
        schedule,
        requestSlot: slots.requestSlot,
      },
    );
    const recorded = await state.record(batchId, { result, cells: data.cells, originalRow: data.originalRow });
    if (!recorded.duplicate) deps.onRowEnded?.(result.outcome);
    if (recorded.completed) await queueReport(batchId);
    else if (progressLog.due(batchId)) await logProgress(batchId);
  };

  /** A line every few seconds while a batch runs, from its counters (all workers' rows). */
  const logProgress = async (batchId: string): Promise<void> => {
    const status = await state.status(batchId);
    if (!status) return;
    const { done, total, counts } = status;
    progressLog.log({ batchId, done, total, counts, problems: problemsIn(counts) });
  };

  const runJob = async (job: Job, token: string | undefined): Promise<void> => {
    if (job.name === REPORT_JOB) {
      const { batchId } = job.data as ReportJobData;
      if (!(await isOwnBatch(batchId))) return handBack(job, token);
      const summary = await writeRedisBatchReport(state, batchId, clock(), { counts, take: takeCounts });
      if (summary) {
        progressLog.end(batchId);
        logger.info(
          { batchId, total: summary.total, counts: summary.counts, reportDir: summary.reportDir },
          'batch report written',
        );
        await deps.onBatchReported?.(summary);
      }
      return;
    }
    const data = job.data as RowJobData;
    if ((await processRowJob(batchOfJob(job.id, data), data, job.attemptsStarted > 1)) === 'handBack')
      return handBack(job, token);
  };

  /**
   * Once stop() handed the rows back, this worker tells BullMQ nothing more of a job, neither done
   * nor failed (its connections are being dropped, and a row cut off there must not be recorded
   * as failed): the job stays active with its lock, and stalls.
   */
  const unlessHandedBack = async (work: Promise<void>): Promise<void> => {
    try {
      await work;
    } catch (error) {
      if (!handedBack) throw error;
    }
    if (handedBack) await new Promise<never>(() => undefined);
  };

  const worker = new Worker(
    QUEUE_NAME,
    (job: Job, token?: string) => {
      active.add(job.id);
      return unlessHandedBack(runJob(job, token).finally(() => active.delete(job.id)));
    },
    {
      connection: bullConnection(deps),
      prefix: deps.prefix,
      concurrency: jobs,
      lockDuration: deps.lockDurationMs ?? 30_000,
      stalledInterval: deps.stalledIntervalMs ?? 15_000,
      // A worker killed mid-row leaves its jobs stalled; they must run again, not fail.
      maxStalledCount: 1000,
      // Row jobs; a report job's own options keep it longer (jobs.ts).
      ...ROW_JOBS_KEPT,
      autorun: true,
    },
  );

  worker.on('failed', (job, error) => {
    if (handedBack) return;
    if (!job || job.name === REPORT_JOB) {
      logger.error({ err: error, jobId: job?.id }, 'report job failed');
      return;
    }
    if (job.attemptsMade < (job.opts.attempts ?? 1)) return;
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
        return recorded.completed ? queueReport(batchId) : undefined;
      })
      .catch((err: unknown) => logger.error({ err, jobId: job.id }, 'could not record a failed row'));
  });
  onBullError(worker, logger, 'row worker');

  return {
    ready: () => worker.waitUntilReady().then(() => undefined),
    async close(force = false) {
      await closeBull(worker, force);
      await closeBull(queue);
      await redis.quit().catch(() => redis.disconnect());
    },
    async stop(graceMs) {
      let timer: NodeJS.Timeout | undefined;
      const graceEnds = new Promise<false>((resolve) => (timer = setTimeout(resolve, graceMs, false)));
      const ended = await Promise.race([worker.close(false).then(() => true), graceEnds]);
      clearTimeout(timer);
      if (ended) {
        await queue.close();
        await redis.quit().catch(() => redis.disconnect());
        return { handedBack: 0 };
      }
      // BullMQ's own close cannot be made to stop waiting once begun (a forced close after a
      // graceful one returns the graceful one's promise): its connections are dropped instead.
      handedBack = true;
      const rows = active.size;
      redis.disconnect();
      for (const dropped of [worker.disconnect(), queue.disconnect()]) dropped.catch(() => undefined);
      return { handedBack: rows };
    },
  };
}

/** A row that had not started its store calls when its worker handed its rows back. */
class HandedBack extends Error {
  constructor() {
    super('handed back unsent: the worker is stopping');
  }
}
