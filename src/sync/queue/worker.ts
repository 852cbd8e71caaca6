/**
 * `catalog-sync worker`: a BullMQ worker running the same row processor as the local
 * transport. Results go to the batch's Redis hash; the worker that ends a batch's last row queues
 * its report job, and whichever worker takes that job writes the report once. The steps: the
 * parts every job shares (workerParts), what it holds per batch (worker-batches.ts), each job's
 * steps (worker-jobs.ts), the BullMQ worker itself (bullWorker), and its bounded stop (stopWithin).
 */
import { Worker, type Job, type Queue } from 'bullmq';
import { silentLogger } from '../../log.ts';
import { sendSlots } from '../slots.ts';
import { ProgressLog } from '../progress-log.ts';
import { BatchState } from './batch-state.ts';
import type { RedisClient } from '../../redis.ts';
import { IDLE_WAIT_SECONDS, closeBull, dropBull, openRedis, rowConnection } from './connection.ts';
import { onBullError } from './redis-outage.ts';
import { REPORT_JOB, REPORT_JOB_OPTIONS, ROW_JOBS_KEPT, type ReportJobData } from './jobs.ts';
import { engineKeys, QUEUE_NAME, reportJobId } from './keys.ts';
import { rowQueue } from './row-queue.ts';
import { BatchCounts } from './batch-counts.ts';
import { countsTaker } from '../category-counts.ts';
import { batchContexts } from './worker-batches.ts';
import { onJobFailed, runJob, type WorkerParts } from './worker-jobs.ts';
import { lazyWorker } from './lazy-workers.ts';
import type { SyncWorker, WorkerDeps } from './worker-types.ts';

export type { SyncWorker, WorkerDeps } from './worker-types.ts';

/**
 * A dead worker's rows in hand run again once their lock has lapsed and a stalled check has seen
 * it: within ROW_LOCK_MS + STALLED_CHECK_MS of the death (the lock is renewed every half of it),
 * or STALLED_CHECK_MS after another worker starts serving the store, whichever is later.
 * Issue 41's take-over goal is 30 s: with BullMQ's 30 s and 15 s here, a store whose rows left were
 * all in hand at a kill -9 got its next create 32-35 s after it (bench/agency-cluster.ts), the
 * others' leases having taken it at 17-21 s. A live worker renews its locks every 10 s; one cut off
 * from Redis for longer loses them, as it loses its stores once its heartbeat (WORKER_LEASE_MS,
 * 15 s) lapses, and the ledger keeps a create of theirs from being sent twice. A stalled check is
 * one short script a busy store every 5 s (an idle store has no row worker, lazy-workers.ts).
 */
export const ROW_LOCK_MS = 20_000;
export const STALLED_CHECK_MS = 5_000;

export function startSyncWorker(deps: WorkerDeps): SyncWorker {
  // The process's connection when it has one (the app's); only the BullMQ worker has its own.
  const redis = deps.shared ?? openRedis(deps, deps.logger ?? silentLogger);
  const ownRedis = deps.shared === undefined;
  const queue = rowQueue(deps);
  /** The jobs running now, and whether stop() handed them back. */
  const active = new Set<string | undefined>();
  let handedBack = false;
  let markDropped: () => void = () => undefined;
  const dropped = new Promise<void>((resolve) => (markDropped = resolve));
  const parts = { ...workerParts(deps, redis, queue, () => handedBack), dropped: () => dropped };
  const running =
    deps.lazy && deps.shared ? lazyRows(deps.shared, deps.prefix, parts, active) : eager(parts, active, redis);
  const closeRest = async () => {
    await closeBull(queue);
    if (ownRedis) await redis.quit().catch(() => redis.disconnect());
  };
  return {
    ready: () => running.ready(),
    active: () => active.size,
    async close(force = false) {
      const worker = await running.take();
      if (worker) await closeBull(worker, force);
      await closeRest();
    },
    async stop(graceMs) {
      const worker = await running.take();
      if (!worker) {
        await closeRest();
        return { handedBack: 0 };
      }
      const handBack = {
        rows: () => (handedBack = true),
        dropped: markDropped,
      };
      return stopWithin(graceMs, { worker, queue, redis: ownRedis ? redis : null, active }, handBack);
    },
  };
}

/** The BullMQ worker of a SyncWorker: `take` ends its starts and hands over the one running (null: none). */
interface RowWorkerRun {
  ready(): Promise<void>;
  take(): Promise<Worker | null>;
}

function eager(parts: WorkerParts, active: Set<string | undefined>, redis: RedisClient): RowWorkerRun {
  const worker = bullWorker(parts, active, redis);
  return { ready: () => worker.waitUntilReady().then(() => undefined), take: () => Promise.resolve(worker) };
}

/** A BullMQ worker only while the store's queue has jobs (lazy-workers.ts); a new one each time. */
function lazyRows(
  shared: RedisClient,
  prefix: string,
  parts: WorkerParts,
  active: Set<string | undefined>,
): RowWorkerRun {
  const lazy = lazyWorker(shared, prefix, QUEUE_NAME, () => bullWorker(parts, active, shared));
  // Ready once it hears its store's wake channel: a batch queued by an import after `worker
  // started` wakes it at once (issue 41), not at the next sweep up to SWEEP_MS later.
  return { ready: () => lazy.heard(), take: () => lazy.detach() };
}

/** What every job of this worker shares: the batch state in Redis, the slots, the progress lines. */
function workerParts(
  deps: WorkerDeps,
  redis: RedisClient,
  queue: Queue,
  handedBack: () => boolean,
): Omit<WorkerParts, 'dropped'> {
  const logger = deps.logger ?? silentLogger;
  const clock = deps.clock ?? Date.now;
  const state = new BatchState(redis, engineKeys(deps.prefix), deps.batchRetentionSeconds);
  onBullError(queue, logger, 'report queue');
  const counts = new BatchCounts(redis, engineKeys(deps.prefix));
  const takeCounts = countsTaker(deps.client, clock);
  const progressLog = new ProgressLog(logger, undefined, clock);
  const slots = sendSlots(deps.concurrency);
  return {
    deps,
    logger,
    clock,
    state,
    counts,
    takeCounts,
    progressLog,
    batches: batchContexts({
      state,
      counts,
      takeCounts,
      ownStore: deps.client.identity,
      logger,
      progressLog,
      batchLedgers: deps.batchLedgers,
    }),
    slots,
    // A row waiting for its row slot when the rows are handed back never starts its calls.
    schedule: (calls) => slots.schedule(() => (handedBack() ? Promise.reject(new HandedBack()) : calls())),
    queueReport: (batchId) =>
      queue.add(REPORT_JOB, { batchId } satisfies ReportJobData, {
        ...REPORT_JOB_OPTIONS,
        jobId: reportJobId(batchId),
      }),
    handedBack,
  };
}

/**
 * The BullMQ worker taking this store's row and report jobs; `active` tracks the jobs running now.
 * `redis`: the process's connection (or the SyncWorker's), which finds its store's master on a cluster.
 */
function bullWorker(w: WorkerParts, active: Set<string | undefined>, redis: RedisClient): Worker {
  const { deps, logger } = w;
  // CONCURRENCY bounds the requests in flight; a few more rows than that have their store calls
  // (rate gate, ledger claim, request, ledger record) under way (slots.ts). A few more jobs than
  // rows run, so a row's Redis steps outside its calls (the ledger read, the result record,
  // BullMQ's move to the next job: about a tenth of a row's time at 50 ms store latency) overlap
  // other rows' calls instead of leaving a slot idle meanwhile.
  const jobs = w.slots.rows + Math.max(2, Math.ceil(deps.concurrency / 4));

  /**
   * Once stop() handed the rows back, this worker tells BullMQ nothing more of a job, neither done
   * nor failed, until its connections are closed (a row cut off there must not be recorded as
   * failed): the job stays active with its lock, and stalls. Then the job ends, its moves failing
   * on the closed connections, so BullMQ's close completes: a job held for ever kept its lock
   * renewal and stalled-check timers running, and the worker in memory, in a process that goes on
   * serving other stores.
   */
  const unlessHandedBack = async (work: Promise<void>): Promise<void> => {
    try {
      await work;
    } catch (error) {
      if (!w.handedBack()) throw error;
    }
    if (w.handedBack()) {
      await w.dropped();
      throw new HandedBack();
    }
  };

  const worker = new Worker(
    QUEUE_NAME,
    (job: Job, token?: string) => {
      active.add(job.id);
      return unlessHandedBack(runJob(w, job, token).finally(() => active.delete(job.id)));
    },
    {
      // Its own connections, not the shared one: stop() drops them to hand its rows back.
      connection: rowConnection(deps, deps.prefix, redis),
      prefix: deps.prefix,
      concurrency: jobs,
      lockDuration: deps.lockDurationMs ?? ROW_LOCK_MS,
      stalledInterval: deps.stalledIntervalMs ?? STALLED_CHECK_MS,
      drainDelay: IDLE_WAIT_SECONDS,
      // A worker killed mid-row leaves its jobs stalled; they must run again, not fail.
      maxStalledCount: 1000,
      // Row jobs; a report job's own options keep it longer (jobs.ts).
      ...ROW_JOBS_KEPT,
      autorun: true,
    },
  );
  worker.on('failed', (job, error) => onJobFailed(w, job, error));
  onBullError(worker, logger, 'row worker');
  return worker;
}

/** SyncWorker.stop: see its comment in worker-types.ts. */
async function stopWithin(
  graceMs: number,
  {
    worker,
    queue,
    redis,
    active,
  }: { worker: Worker; queue: Queue; redis: RedisClient | null; active: Set<string | undefined> },
  handBack: { rows: () => void; dropped: () => void },
): Promise<{ handedBack: number }> {
  let timer: NodeJS.Timeout | undefined;
  const graceEnds = new Promise<false>((resolve) => (timer = setTimeout(resolve, graceMs, false)));
  const ended = await Promise.race([closeBull(worker, false).then(() => true), graceEnds]);
  clearTimeout(timer);
  if (ended) {
    await closeBull(queue);
    await redis?.quit().catch(() => redis.disconnect());
    return { handedBack: 0 };
  }
  // BullMQ's own close cannot be made to stop waiting once begun (a forced close after a
  // graceful one returns the graceful one's promise): its connections are dropped instead.
  handBack.rows();
  const rows = active.size;
  // The worker's own connections only: a shared one (the queue's, the state's) serves other stores.
  redis?.disconnect();
  // Not awaited: with Redis away, BullMQ's disconnect waits for it (the process may be exiting).
  void dropBull(worker).then(handBack.dropped);
  if (redis) queue.disconnect().catch(() => undefined);
  else void closeBull(queue).catch(() => undefined);
  return { handedBack: rows };
}

/** A row that had not started its store calls when its worker handed its rows back. */
class HandedBack extends Error {
  constructor() {
    super('handed back unsent: the worker is stopping');
  }
}
