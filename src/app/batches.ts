/**
 * Running one batch to its end, in this process or on the store's queue, and telling people it
 * ended (notify/told-run.ts): the one path every way a sheet comes in takes (import, drop folder,
 * schedules, re-runs, the console). The queue's modules (BullMQ) load only when a batch is queued.
 */
import type { Config } from '../config.ts';
import type { BatchLedgerFactory } from '../ledger/batch-ledger.ts';
import type { Logger } from '../log.ts';
import type { Notifier } from '../notify/notifier.ts';
import { channelsOf, notifySettingsOf } from '../notify/settings.ts';
import { toldRun } from '../notify/told-run.ts';
import type { BatchSummary } from '../report/summary.ts';
import type { StoreClient } from '../store/client.ts';
import type { StoreIdentity } from '../store/identity.ts';
import type { RedisTarget } from '../sync/queue/connection.ts';
import { NoWorkerError } from '../sync/queue/no-worker.ts';
import { runSync } from '../sync/run-local.ts';
import type { SyncRequest } from '../sync/types.ts';
import { loadQueue } from './queue.ts';
import { workersServingStore } from './leases/serving.ts';
import type { RunOptions, Transport, Tuning } from './types.ts';

export interface BatchParts {
  config: Config;
  logger: Logger;
  /** REDIS_URL or REDIS_CLUSTER_NODES is set: batches go to the queue unless asked otherwise. */
  queued: boolean;
  store: () => Promise<StoreIdentity>;
  clientAt: (rate: number) => Promise<StoreClient>;
  storeRate: () => Promise<number>;
  queueTarget: () => Promise<RedisTarget>;
  /** The store's ledger for a batch; undefined when nothing is remembered (a dry run, a rehearsal). */
  batchLedgers: (request: SyncRequest) => Promise<BatchLedgerFactory | undefined>;
  notifier: () => Promise<Notifier>;
}

export function batchRunner(parts: BatchParts): (request: SyncRequest, run?: RunOptions) => Promise<BatchSummary> {
  return async (request, run = {}) => {
    const transport = request.dryRun ? 'local' : (run.transport ?? (parts.queued ? 'redis' : 'local'));
    // A dry run sends nothing, and tells nobody; nor does a batch of a store with no channel set:
    // the notifier's module (got, nodemailer) would load for nothing at the batch's end (~0.15 s).
    if (request.dryRun || channelsOf(notifySettingsOf(parts.config)).length === 0)
      return runBatchOn(parts, transport, request, run);
    return toldRun(request, (named) => runBatchOn(parts, transport, named, run), {
      notifier: parts.notifier,
      logger: parts.logger,
      ranHere: transport === 'local',
    });
  };
}

async function runBatchOn(
  parts: BatchParts,
  transport: Transport,
  request: SyncRequest,
  run: RunOptions,
): Promise<BatchSummary> {
  const { config, logger } = parts;
  const concurrency = run.tuning?.concurrency ?? config.concurrency;
  // Queued rows run at the store's rate, whatever the job asked (the workers' gate applies it).
  const rate = transport === 'redis' ? await parts.storeRate() : (run.tuning?.rate ?? config.rate);
  if (transport === 'redis') warnTuningIgnored(run.tuning, rate, logger);
  const built = await parts.clientAt(rate);
  const client = run.observeStore ? run.observeStore(built) : built;
  if (transport === 'redis') await lookForWorker(await parts.queueTarget(), await parts.store(), run);
  // Only now, as the batch starts: with REDIS_URL, opening the ledger takes this machine's file
  // ledger over into Redis, which a command that queues nothing (no worker) must not do.
  const ledgers = await parts.batchLedgers(request);
  const shared = {
    client,
    reportDir: config.reportDir,
    rate,
    logger,
    maxTextLength: config.maxTextLength,
    ...(ledgers ? { batchLedgers: ledgers } : {}),
    ...(run.openSheet ? { openSheet: run.openSheet } : {}),
    ...(run.categories ? { categories: run.categories } : {}),
  };
  if (transport === 'local')
    return runSync(request, { ...shared, concurrency, ...(run.onProgress ? { onProgress: run.onProgress } : {}) });
  const { enqueueSync, waitForBatch } = await loadQueue();
  const target = await parts.queueTarget();
  // Workers apply the shared rate limit; the batch's rows are processed wherever workers run.
  const { batchId } = await enqueueSync(request, { ...target, ...shared, store: await parts.store() });
  run.onQueued?.(batchId);
  return waitForBatch(batchId, {
    ...target,
    logger,
    ...(run.onProgress ? { onProgress: run.onProgress } : {}),
    ...(run.signal ? { signal: run.signal } : {}),
  });
}

/**
 * A job file's own `rate` and `concurrency` hold in local runs only: queued rows share the store's
 * one rate (its Redis gate) and each worker's CONCURRENCY, so a job cannot change them for its own
 * rows. Said once per batch, so the setting is never silently without effect.
 */
function warnTuningIgnored(tuning: Tuning | undefined, storeRate: number, logger: Logger): void {
  if (tuning?.rate === undefined && tuning?.concurrency === undefined) return;
  logger.warn(
    { jobRate: tuning.rate, jobConcurrency: tuning.concurrency, storeRate },
    "the job's own rate and concurrency apply to local runs only: queued rows run at the store's rate and each worker's CONCURRENCY",
  );
}

/**
 * The one rule for every command that queues (import, schedule run, rerun, watch): rows are
 * queued only when a worker serves the queue, unless the caller asked to wait for one.
 */
async function lookForWorker(target: RedisTarget, store: StoreIdentity, run: RunOptions): Promise<void> {
  if (run.waitForWorker && !run.onNoWorker) return;
  const { requireWorker } = await loadQueue();
  try {
    await requireWorker(target, store, () => workersServingStore(target));
  } catch (error) {
    if (!(error instanceof NoWorkerError) || !run.waitForWorker) throw error;
    run.onNoWorker?.(error);
  }
}
