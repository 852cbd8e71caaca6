/**
 * The composition root: every command (and the worker, the drop folder, the schedules, re-runs)
 * asks here for its pieces, built from one resolved Config, each on first use, all closed by one
 * close(). Nowhere else builds a store client, a rate gate, a ledger or a transport, so a rule
 * about them lives once. The steps, in the order a row needs them: the store; the store in Redis
 * (app/store-redis.ts); its clients and rate gates (app/store-clients.ts); its ledger; who tells
 * people a batch ended; running a batch (app/batches.ts); the queue's worker. BullMQ and ioredis
 * are loaded only when a command uses Redis; a command loads app.ts only when it needs the store.
 */
import type { Config } from './config.ts';
import { batchLedgersOf } from './ledger/for-batch.ts';
import { moveStoreLedgerToFile, openLastSent, openStoreLedger } from './ledger/open.ts';
import type { Logger } from './log.ts';
import type { Notifier } from './notify/notifier.ts';
import type { Outcome } from './outcome.ts';
import { redisServerOf } from './redis.ts';
import { storeIdentityOf } from './store/identity.ts';
import { countsTaker } from './sync/category-counts.ts';
import { reconcileBatch } from './sync/reconcile/run.ts';
import type { SyncRequest } from './sync/types.ts';
import { batchRunner } from './app/batches.ts';
import { Lifecycle } from './app/lifecycle.ts';
import { storeClients } from './app/store-clients.ts';
import { storeRedis } from './app/store-redis.ts';
import { LedgerBusyError, type App, type AppOptions } from './app/types.ts';

export * from './app/types.ts';

export function createApp(config: Config, logger: Logger, options: AppOptions = {}): App {
  const life = new Lifecycle();
  const keepsLedger = options.ledger ?? true;
  /** One Redis server or a cluster; null: everything runs in-process. */
  const server = redisServerOf(config);

  /** The configured store: the one every row this process sends goes to. */
  const store = life.once(() => Promise.resolve().then(() => storeIdentityOf(config)));
  const inRedis = storeRedis(config, server, store, logger, options, life);
  const clientAt = storeClients(config, server !== null, store, inRedis, logger, options, life);
  const client = () => clientAt(config.rate);

  const ledger = life.once(async () => {
    const handle = await openStoreLedger(config, server ? await inRedis.redis() : null, logger);
    life.onClose(() => handle.close());
    return handle;
  });

  const notifier = life.once(async (): Promise<Notifier> => {
    const { openNotifier } = await import('./notify/open.ts');
    const made = openNotifier({
      config,
      logger,
      store: await store(),
      storeNames: async () => (await (await client()).authorize()).store,
      redis: server ? async () => ({ redis: await inRedis.redis(), target: await inRedis.queueTarget() }) : null,
      ...(options.onNotificationAttempt ? { onAttempt: options.onNotificationAttempt } : {}),
    });
    life.onClose(() => made.close());
    return made;
  });

  const runBatch = batchRunner({
    config,
    logger,
    queued: server !== null,
    store,
    clientAt,
    storeRate: async () => (await inRedis.rate()).rate,
    queueTarget: inRedis.queueTarget,
    batchLedgers: async (request: SyncRequest) =>
      keepsLedger && !request.dryRun ? (await ledger()).batchLedgers : undefined,
    notifier,
  });

  return {
    config,
    logger,
    redis: inRedis.redis,
    store,
    queueTarget: inRedis.queueTarget,
    client,
    rate: inRedis.rate,
    storeRate: inRedis.storeRate,
    ledger,
    lastSent: async () => openLastSent(config, server ? await inRedis.redis() : null),
    runBatch,
    runner: (tuning, options) => (request, signal) =>
      runBatch(request, { ...options, ...(tuning ? { tuning } : {}), signal }),
    async startWorker(hooks = {}) {
      const { startSyncWorker } = await import('./sync/queue/worker.ts');
      const ledgers = keepsLedger ? (await ledger()).batchLedgers : undefined;
      const made = await client();
      // A process that takes the store's rows delivers its notifications too.
      await (await notifier()).startDelivery();
      return startSyncWorker({
        ...(await inRedis.queueTarget()),
        client: hooks.observeStore ? hooks.observeStore(made) : made,
        concurrency: config.concurrency,
        logger,
        ...(ledgers ? { batchLedgers: ledgers } : {}),
        ...(hooks.onRowEnded ? { onRowEnded: (outcome: Outcome) => hooks.onRowEnded!(outcome, made.identity) } : {}),
        // Awaited by the report job: a notification not queued yet makes the job run again.
        onBatchReported: async (summary) => {
          hooks.onBatchReported?.(summary);
          await (await notifier()).batchFinished(summary);
        },
      });
    },
    claimsFor: (layout) => inRedis.claimsFor(layout),
    queueWorkers: async () => {
      const { workersServing } = await import('./sync/queue/workers.ts');
      return workersServing(await inRedis.queueTarget());
    },
    async reconcile(target, options) {
      return reconcileBatch(target, options, {
        reportDir: config.reportDir,
        storeCheck: { ...options.storeCheck, configured: await store() },
        takeCounts: async () => countsTaker(await client(), Date.now)(),
        openLedger: async () => (keepsLedger ? (await ledger()).ledger : null),
        ...(options.keyColumn ? { keyColumn: options.keyColumn } : {}),
      });
    },
    async moveLedgerToFile() {
      const { listBatches } = await import('./sync/queue/wait.ts');
      const running = (await listBatches(await inRedis.queueTarget(), 1_000)).filter((b) => b.status === 'running');
      if (running.length > 0) throw new LedgerBusyError(running.map((batch) => batch.meta.batchId));
      return moveStoreLedgerToFile(config, await inRedis.redis());
    },
    storeTimeZone: async () => (await (await client()).authorize()).store.time_zone || 'UTC',
    notifier,
    close: () => life.close(),
  };
}

/** The ledger a batch writes to, for callers that hold a ledger of their own (tests, benches). */
export { batchLedgersOf };
