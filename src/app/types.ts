/** What the composition root (src/app.ts) gives every command: its shapes, apart from how it builds them. */
import type { Config } from '../config.ts';
import type { ClaimStore } from '../intake/claims.ts';
import type { SyncRunner } from '../intake/drop-file.ts';
import type { DropLayout } from '../intake/drop-layout.ts';
import type { LedgerHandle, MovedToFile } from '../ledger/open.ts';
import type { RecordReader } from '../ledger/open.ts';
import type { LedgerView } from '../ledger/read-only.ts';
import type { Logger } from '../log.ts';
import type { AttemptListener } from '../notify/attempt-log.ts';
import type { Notifier } from '../notify/notifier.ts';
import type { Outcome } from '../outcome.ts';
import type { RedisClient } from '../redis.ts';
import type { BatchSummary } from '../report/summary.ts';
import type { CategorySource } from '../sheet/index.ts';
import type { SheetOpener } from '../sheet/open.ts';
import type { StoreClient } from '../store/client.ts';
import type { StoreApi } from '../store/types.ts';
import type { StoreIdentity } from '../store/identity.ts';
import type { RedisTarget } from '../sync/queue/connection.ts';
import type { RateGate } from '../store/rate-gate/gate.ts';
import type { EffectiveRate, StoreRate } from '../store/rate-gate/store-rate.ts';
import type { NoWorkerError } from '../sync/queue/no-worker.ts';
import type { ReconcileReport } from '../sync/reconcile/run.ts';
import type { StoreCheck } from '../sync/batch-store.ts';
import type { SyncWorker } from '../sync/queue/worker.ts';
import type { BatchProgress, SyncRequest } from '../sync/types.ts';

/**
 * The two ways to run, one word each everywhere (`--queue local|redis`, README, the console):
 * `local`, the rows run in this process; `redis`, they go on the store's BullMQ queue
 * (REDIS_URL or REDIS_CLUSTER_NODES), where `worker` processes take them.
 */
export type Transport = 'local' | 'redis';

/** A job's own rate and concurrency (schedules); unset: the configuration's. */
export interface Tuning {
  rate?: number | undefined;
  concurrency?: number | undefined;
}

export interface RunOptions {
  /** Default: `redis` with REDIS_URL, else `local`. A dry run always runs locally. */
  transport?: Transport;
  tuning?: Tuning;
  onProgress?: (progress: BatchProgress) => void;
  /** The batch is on the queue and the caller now waits for workers (`redis` only). */
  onQueued?: (batchId: string) => void;
  /**
   * With the queue: queue the rows even when no worker serves it, and wait for one. Otherwise
   * (the default) NoWorkerError after a few seconds' look, with nothing queued.
   */
  waitForWorker?: boolean;
  /** With waitForWorker: told when no worker serves the queue now, before the rows are queued. */
  onNoWorker?: (error: NoWorkerError) => void;
  /** Stops waiting for a queued batch (its rows stay queued). */
  signal?: AbortSignal;
  /** How the request's file is opened (default: from disk, as the request says). */
  openSheet?: SheetOpener;
  /** Wraps the batch's store client, e.g. to count its requests (the console's /metrics). */
  observeStore?: (client: StoreApi) => StoreApi;
  /** The store's category list the caller keeps (the console's); default: asked once per batch. */
  categories?: CategorySource;
}

/** `ledger move-to-file` while batches run on the queue: their rows write to the Redis ledger. */
export class LedgerBusyError extends Error {
  override readonly name = 'LedgerBusyError';
  constructor(readonly batchIds: string[]) {
    super(
      `batch ${batchIds.join(', ')} still running on the queue, and its rows write to the Redis ledger: wait until it ends (catalog-sync status), then move the ledger`,
    );
  }
}

export interface AppOptions {
  /**
   * False for a throwaway store (`import --sandbox`): nothing is remembered, so a ledger would
   * only outlive the store it describes. `memory`: a ledger that lives as long as the process, for
   * a store that does too (`serve --sandbox`: the rehearsal previews and guards as a real store
   * would). @defaultValue true
   */
  ledger?: boolean | 'memory';
  /** Wraps each rate gate the app builds (for `store`), e.g. to time the waits for it (the metrics). */
  observeGate?: (gate: RateGate, store: StoreIdentity) => RateGate;
  /**
   * A Redis connection to use instead of opening one: the stores of one deployment share it
   * (src/deployment.ts). It stays open when the app closes.
   */
  redis?: () => Promise<RedisClient>;
  /** Each notification delivery attempt this process makes (the metrics). */
  onNotificationAttempt?: AttemptListener;
}

/** What a worker process reports as it goes (its metrics). */
export interface WorkerHooks {
  /** Wraps the worker's store client, e.g. to count its requests. */
  observeStore?: (client: StoreApi) => StoreApi;
  /** A row of `store` this worker ended, once recorded. */
  onRowEnded?: (outcome: Outcome, store: StoreIdentity) => void;
  /** A batch whose report this worker wrote (its notification is queued by the app). */
  onBatchReported?: (summary: BatchSummary) => void;
  /** Take rows only while the store's queue has some (WorkerDeps.lazy): a `worker` process's. */
  lazy?: boolean;
}

export interface App {
  readonly config: Config;
  readonly logger: Logger;
  /** The one Redis connection (REDIS_URL or REDIS_CLUSTER_NODES must be set). */
  redis(): Promise<RedisClient>;
  /** The configured store: every row this process sends goes there, and nowhere else. */
  store(): Promise<StoreIdentity>;
  /**
   * The configured store's queue on REDIS_URL: its key prefix (`<QUEUE_PREFIX>:{<store scope>}`)
   * holds the store's rows, batches, rate gate, schedules and drop-folder claims.
   */
  queueTarget(): Promise<RedisTarget>;
  /** The store client; with REDIS_URL its rate gate is the one shared by every process. */
  client(): Promise<StoreClient>;
  /**
   * The rate in effect. With REDIS_URL it is the store's, kept in Redis: RATE/--rate given sets
   * it for every process, else it is followed (or the default while none is set).
   */
  rate(): Promise<EffectiveRate>;
  /**
   * The configured store's rate as kept in Redis, without setting it: null without REDIS_URL, without
   * a configured store (the rate is per store), or when none was ever set.
   */
  storeRate(): Promise<StoreRate | null>;
  /** The store's ledger: in Redis with REDIS_URL, else the local file (one process at a time). */
  ledger(): Promise<LedgerHandle>;
  /** A look at the ledger that changes nothing and takes no lock: `ledger show` beside a running serve. */
  readLedger(): Promise<LedgerView>;
  /**
   * The store's records (the guard's "before"), where the ledger is, without taking a file ledger
   * over into Redis; the caller closes it (a file ledger is locked meanwhile).
   */
  records(): Promise<RecordReader>;
  /** Runs one batch to its end and returns its summary (the report is written). */
  runBatch(request: SyncRequest, options?: RunOptions): Promise<BatchSummary>;
  /** runBatch for the intake (drop folder, schedules, re-runs), with a job's tuning. */
  runner(
    tuning?: Tuning,
    options?: Pick<RunOptions, 'transport' | 'waitForWorker' | 'onNoWorker' | 'onProgress'>,
  ): SyncRunner;
  /**
   * A worker taking this store's rows from the queue (REDIS_URL), on the app's client and ledger;
   * this process then delivers the store's notifications too, until close.
   */
  startWorker(hooks?: WorkerHooks): Promise<SyncWorker>;
  /** How many workers serve the queue right now, on any machine (REDIS_URL). */
  queueWorkers(): Promise<number>;
  /** Who works on a drop folder's files: Redis keys with REDIS_URL (machines sharing it), else lock files. */
  claimsFor(layout: DropLayout): Promise<{ claims: ClaimStore; inboxClaims?: ClaimStore }>;
  /**
   * `reconcile`: a finished batch's unknown creates judged by its category counts; changes the
   * ledger and the report where the counts leave no doubt (not with dryRun).
   */
  reconcile(
    target: string,
    options: { dryRun: boolean; keyColumn?: string; storeCheck: Omit<StoreCheck, 'configured'> },
  ): Promise<ReconcileReport>;
  /** `ledger move-to-file`: the store's ledger from Redis into its file (REDIS_URL; no batch may be running). */
  moveLedgerToFile(): Promise<MovedToFile>;
  /** The store's time zone, from authorization (schedules default to it). */
  storeTimeZone(): Promise<string>;
  /**
   * Who tells people a batch ended (NOTIFY_WEBHOOK_URL, SMTP_URL): runBatch and the worker call
   * it; watch and serve deliver with startDelivery(), a process that takes rows from startWorker.
   */
  notifier(): Promise<Notifier>;
  close(): Promise<void>;
}
