/**
 * The composition root: every command (and the worker, the drop folder, the schedules, re-runs)
 * asks here for its pieces, built from one resolved Config, each on first use, all closed by one
 * close(). Nowhere else builds a store client, a rate gate, a ledger or a transport, so a rule
 * about them lives once. Modules are loaded when first asked for: a command loads only what it
 * uses, and `--help` loads none of them.
 */
import type { Config } from './config.ts';
import type { ClaimStore } from './intake/claims.ts';
import type { SyncRunner } from './intake/drop-file.ts';
import type { DropLayout } from './intake/drop-layout.ts';
import type { LedgerHandle, MovedToFile } from './ledger/open.ts';
import type { Logger } from './log.ts';
import type { AttemptListener } from './notify/attempt-log.ts';
import type { Notifier } from './notify/notifier.ts';
import type { Outcome } from './outcome.ts';
import { redisServerOf, type RedisClient } from './redis.ts';
import type { BatchSummary } from './report/summary.ts';
import type { SheetOpener } from './sheet/open.ts';
import type { StoreClient } from './store/client.ts';
import type { StoreApi } from './store/types.ts';
import type { StoreIdentity } from './store/identity.ts';
import type { RedisTarget } from './sync/queue/connection.ts';
import type { RateGate } from './store/rate-gate/gate.ts';
import type { EffectiveRate, StoreRate } from './store/rate-gate/store-rate.ts';
import type { NoWorkerError } from './sync/queue/no-worker.ts';
import type { ReconcileReport } from './sync/reconcile/run.ts';
import type { StoreCheck } from './sync/batch-store.ts';
import type { SyncWorker } from './sync/queue/worker.ts';
import type { BatchProgress, SyncRequest } from './sync/types.ts';

/** Where a batch's rows run: `local` in this process, `queue` on the BullMQ queue (REDIS_URL), where workers take them. */
export type Transport = 'local' | 'queue';

/** A job's own rate and concurrency (schedules); unset: the configuration's. */
export interface Tuning {
  rate?: number | undefined;
  concurrency?: number | undefined;
}

export interface RunOptions {
  /** Default: `queue` with REDIS_URL, else `local`. A dry run always runs locally. */
  transport?: Transport;
  tuning?: Tuning;
  onProgress?: (progress: BatchProgress) => void;
  /** The batch is on the queue and the caller now waits for workers (`queue` only). */
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
   * only outlive the store it describes. @defaultValue true
   */
  ledger?: boolean;
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

export function createApp(config: Config, logger: Logger, options: AppOptions = {}): App {
  const keepsLedger = options.ledger ?? true;
  /** One Redis server or a cluster; null: everything runs in-process. */
  const server = redisServerOf(config);
  const closers: (() => Promise<void>)[] = [];
  const once = <T>(build: () => Promise<T>): (() => Promise<T>) => {
    let built: Promise<T> | undefined;
    return () => (built ??= build());
  };

  const redis = once(async () => {
    if (!server) throw new Error('REDIS_URL is not set');
    if (options.redis) return options.redis();
    const { openRedis } = await import('./sync/queue/connection.ts');
    const connection = openRedis(server, logger);
    closers.push(() =>
      connection.quit().then(
        () => undefined,
        () => connection.disconnect(),
      ),
    );
    return connection;
  });

  /** The configured store: the one every row this process sends goes to. */
  const store = once(async () => {
    const { storeIdentityOf } = await import('./store/identity.ts');
    return storeIdentityOf(config);
  });

  /** Where every Redis key of the configured store lives (sync/queue/keys.ts storePrefix). */
  const keyPrefix = once(async (): Promise<string> => {
    const { storePrefix } = await import('./sync/queue/keys.ts');
    return storePrefix(config.queuePrefix, await store());
  });

  /** Where the configured store's rate gate and rate live in Redis (one per store). */
  const gatePrefix = once(async (): Promise<string> => {
    const { engineKeys, legacyGatePrefixes } = await import('./sync/queue/keys.ts');
    const { adoptLegacyStoreRate } = await import('./store/rate-gate/store-rate.ts');
    const prefix = engineKeys(await keyPrefix()).gate;
    for (const legacy of legacyGatePrefixes(config.queuePrefix, await store()))
      await adoptLegacyStoreRate(await redis(), legacy, prefix);
    return prefix;
  });

  const rateOf = once(async (): Promise<EffectiveRate> => {
    if (!server) return { rate: config.rate, source: config.rateGiven ? 'given' : 'default', replaced: null };
    const { effectiveStoreRate } = await import('./store/rate-gate/store-rate.ts');
    const given = config.rateGiven ? config.rate : undefined;
    return effectiveStoreRate(await redis(), await gatePrefix(), given, config.rate);
  });

  // One client per rate: the configuration's, and a job's own rate in the embedded mode. With
  // REDIS_URL every client shares the Redis gate, which follows the store's rate (store-rate.ts).
  const clients = new Map<number, Promise<StoreClient>>();
  const clientAt = (rate: number): Promise<StoreClient> => {
    const key = server ? -1 : rate;
    let built = clients.get(key);
    if (!built) {
      built = (async () => {
        const { storeClientFromConfig } = await import('./store/client.ts');
        const at = server ? (await rateOf()).rate : rate;
        const gate = await rateGate(at);
        const made = storeClientFromConfig({ ...config, rate: at }, { logger, gate });
        closers.push(() => Promise.resolve(made.close()));
        return made;
      })();
      clients.set(key, built);
    }
    return built;
  };

  const rateGate = async (rate: number): Promise<RateGate> => {
    const observe = options.observeGate ?? ((gate: RateGate) => gate);
    if (server) {
      const { RedisRateGate } = await import('./store/rate-gate/redis.ts');
      return observe(new RedisRateGate({ redis: await redis(), prefix: await gatePrefix(), rate }), await store());
    }
    const { SlidingWindowGate } = await import('./store/rate-gate/memory.ts');
    return observe(new SlidingWindowGate({ rate }), await store());
  };

  const ledger = once(async () => {
    const { openStoreLedger } = await import('./ledger/open.ts');
    const handle = await openStoreLedger(config, server ? await redis() : null, logger);
    closers.push(() => handle.close());
    return handle;
  });

  const batchLedgers = async (request: SyncRequest) =>
    keepsLedger && !request.dryRun ? (await ledger()).batchLedgers : undefined;

  /** The configured store's queue: the only one this process puts rows on or takes them from. */
  const queueTarget = async (): Promise<RedisTarget> => {
    if (!server) throw new Error('the queue needs REDIS_URL');
    return { ...server, prefix: await keyPrefix() };
  };

  const notifier = once(async () => {
    const { openNotifier } = await import('./notify/open.ts');
    const made = openNotifier({
      config,
      logger,
      store: await store(),
      storeNames: async () => (await (await clientAt(config.rate)).authorize()).store,
      redis: server ? async () => ({ redis: await redis(), target: await queueTarget() }) : null,
      ...(options.onNotificationAttempt ? { onAttempt: options.onNotificationAttempt } : {}),
    });
    closers.push(() => made.close());
    return made;
  });

  /** Every batch, whichever way it came in, passes here: here it is told (notify/told-run.ts). */
  const runBatch = async (request: SyncRequest, run: RunOptions = {}): Promise<BatchSummary> => {
    const transport = request.dryRun ? 'local' : (run.transport ?? (server ? 'queue' : 'local'));
    // A dry run sends nothing, and tells nobody.
    if (request.dryRun) return runBatchOn(transport, request, run);
    const { toldRun } = await import('./notify/told-run.ts');
    return toldRun(request, (named) => runBatchOn(transport, named, run), {
      notifier,
      logger,
      ranHere: transport === 'local',
    });
  };

  const runBatchOn = async (transport: Transport, request: SyncRequest, run: RunOptions): Promise<BatchSummary> => {
    const concurrency = run.tuning?.concurrency ?? config.concurrency;
    // Queued rows run at the store's rate, whatever the job asked (the workers' gate applies it).
    const rate = transport === 'queue' ? (await rateOf()).rate : (run.tuning?.rate ?? config.rate);
    if (transport === 'queue') warnTuningIgnored(run.tuning, rate, logger);
    const built = await clientAt(rate);
    const client = run.observeStore ? run.observeStore(built) : built;
    if (transport === 'queue') await lookForWorker(await queueTarget(), await store(), run);
    // Only now, as the batch starts: with REDIS_URL, opening the ledger takes this machine's file
    // ledger over into Redis, which a command that queues nothing (no worker) must not do.
    const ledgers = await batchLedgers(request);
    const shared = {
      client,
      reportDir: config.reportDir,
      rate,
      logger,
      maxTextLength: config.maxTextLength,
      ...(ledgers ? { batchLedgers: ledgers } : {}),
      ...(run.openSheet ? { openSheet: run.openSheet } : {}),
    };
    if (transport === 'local') {
      const { runSync } = await import('./sync/run-local.ts');
      return runSync(request, { ...shared, concurrency, ...(run.onProgress ? { onProgress: run.onProgress } : {}) });
    }
    const { enqueueSync } = await import('./sync/queue/enqueue.ts');
    const { waitForBatch } = await import('./sync/queue/wait.ts');
    const target = await queueTarget();
    // Workers apply the shared rate limit; the batch's rows are processed wherever workers run.
    const { batchId } = await enqueueSync(request, { ...target, ...shared, store: await store() });
    run.onQueued?.(batchId);
    return waitForBatch(batchId, {
      ...target,
      logger,
      ...(run.onProgress ? { onProgress: run.onProgress } : {}),
      ...(run.signal ? { signal: run.signal } : {}),
    });
  };

  const claimsFor = async (layout: DropLayout) => {
    const { FileClaims, RedisClaims } = await import('./intake/claims.ts');
    if (!server) return { claims: new FileClaims(layout.locks) };
    const connection = await redis();
    const prefix = await keyPrefix();
    return {
      claims: new RedisClaims(connection, `${prefix}:drop:processing`),
      inboxClaims: new RedisClaims(connection, `${prefix}:drop:inbox`, 10 * 60_000),
    };
  };

  return {
    config,
    logger,
    redis,
    store,
    queueTarget,
    client: () => clientAt(config.rate),
    rate: rateOf,
    storeRate: async () => {
      if (!server || !config.storeUrl || !config.storeEmail) return null;
      const { readStoreRate } = await import('./store/rate-gate/store-rate.ts');
      return readStoreRate(await redis(), await gatePrefix());
    },
    ledger,
    runBatch,
    runner: (tuning, options) => (request, signal) =>
      runBatch(request, { ...options, ...(tuning ? { tuning } : {}), signal }),
    async startWorker(hooks = {}) {
      const { startSyncWorker } = await import('./sync/queue/worker.ts');
      const ledgers = keepsLedger ? (await ledger()).batchLedgers : undefined;
      const client = await clientAt(config.rate);
      // A process that takes the store's rows delivers its notifications too.
      await (await notifier()).startDelivery();
      return startSyncWorker({
        ...(await queueTarget()),
        client: hooks.observeStore ? hooks.observeStore(client) : client,
        concurrency: config.concurrency,
        logger,
        ...(ledgers ? { batchLedgers: ledgers } : {}),
        ...(hooks.onRowEnded ? { onRowEnded: (outcome: Outcome) => hooks.onRowEnded!(outcome, client.identity) } : {}),
        // Awaited by the report job: a notification not queued yet makes the job run again.
        onBatchReported: async (summary) => {
          hooks.onBatchReported?.(summary);
          await (await notifier()).batchFinished(summary);
        },
      });
    },
    claimsFor,
    queueWorkers: async () => {
      const { workersServing } = await import('./sync/queue/workers.ts');
      return workersServing(await queueTarget());
    },
    async reconcile(target, options) {
      const { reconcileBatch } = await import('./sync/reconcile/run.ts');
      const { countsTaker } = await import('./sync/category-counts.ts');
      return reconcileBatch(target, options, {
        reportDir: config.reportDir,
        storeCheck: { ...options.storeCheck, configured: await store() },
        takeCounts: async () => countsTaker(await clientAt(config.rate), Date.now)(),
        openLedger: async () => (keepsLedger ? (await ledger()).ledger : null),
        ...(options.keyColumn ? { keyColumn: options.keyColumn } : {}),
      });
    },
    async moveLedgerToFile() {
      const { listBatches } = await import('./sync/queue/wait.ts');
      const target = await queueTarget();
      const running = (await listBatches(target, 1_000)).filter((batch) => batch.status === 'running');
      if (running.length > 0) throw new LedgerBusyError(running.map((batch) => batch.meta.batchId));
      const { moveStoreLedgerToFile } = await import('./ledger/open.ts');
      return moveStoreLedgerToFile(config, await redis());
    },
    storeTimeZone: async () => (await (await clientAt(config.rate)).authorize()).store.time_zone || 'UTC',
    notifier,
    async close() {
      // Last built, first closed: the ledger after the clients and workers using it, Redis last.
      for (const close of closers.splice(0).reverse()) await close();
    },
  };
}

/**
 * A job file's own `rate` and `concurrency` hold in-process only: queued rows share the store's
 * one rate (its Redis gate) and each worker's CONCURRENCY, so a job cannot change them for its own
 * rows. Said once per batch, so the setting is never silently without effect.
 */
function warnTuningIgnored(tuning: Tuning | undefined, storeRate: number, logger: Logger): void {
  if (tuning?.rate === undefined && tuning?.concurrency === undefined) return;
  logger.warn(
    { jobRate: tuning.rate, jobConcurrency: tuning.concurrency, storeRate },
    "the job's own rate and concurrency apply in-process only: queued rows run at the store's rate and each worker's CONCURRENCY",
  );
}

/**
 * The one rule for every command that queues (import, schedule run, rerun, watch): rows are
 * queued only when a worker serves the queue, unless the caller asked to wait for one.
 */
async function lookForWorker(target: RedisTarget, store: StoreIdentity, run: RunOptions): Promise<void> {
  if (run.waitForWorker && !run.onNoWorker) return;
  const { requireWorker } = await import('./sync/queue/workers.ts');
  const { NoWorkerError } = await import('./sync/queue/no-worker.ts');
  try {
    await requireWorker(target, store);
  } catch (error) {
    if (!(error instanceof NoWorkerError) || !run.waitForWorker) throw error;
    run.onNoWorker?.(error);
  }
}
