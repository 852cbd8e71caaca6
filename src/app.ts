/**
 * The composition root: every command (and the worker, the drop folder, the schedules, re-runs)
 * asks here for its pieces, built from one resolved Config, each on first use, all closed by one
 * close(). Nowhere else builds a store client, a rate gate, a ledger or a transport, so a rule
 * about them lives once. The steps, in the order a row needs them: the store; the store in Redis
 * (app/store-redis.ts); its clients and rate gates (app/store-clients.ts); its ledger
 * (app/ledger.ts); who tells people a batch ended (app/notifier.ts); running a batch
 * (app/batches.ts); the queue's worker (app/worker.ts). BullMQ and ioredis are loaded only when a
 * command uses Redis (app/queue.ts); a command loads app.ts only when it needs the store.
 */
import type { Config } from './config.ts';
import { batchLedgersOf } from './ledger/for-batch.ts';
import { openRecordReader } from './ledger/open.ts';
import { readLedgerFile } from './ledger/read-only.ts';
import type { Logger } from './log.ts';
import { redisServerOf } from './redis.ts';
import { storeIdentityOf } from './store/identity.ts';
import { batchRunner } from './app/batches.ts';
import { moveLedgerOutOfRedis, reconciler, storeLedger } from './app/ledger.ts';
import { storeNotifier } from './app/notifier.ts';
import { workersServingStore } from './app/leases/serving.ts';
import { workerStarter } from './app/worker.ts';
import { Lifecycle } from './app/lifecycle.ts';
import { storeClients } from './app/store-clients.ts';
import { storeRedis } from './app/store-redis.ts';
import type { App, AppOptions } from './app/types.ts';

export * from './app/types.ts';

export function createApp(config: Config, logger: Logger, options: AppOptions = {}): App {
  const life = new Lifecycle();
  const keepsLedger = (options.ledger ?? true) !== false;
  /** One Redis server or a cluster; null: everything runs local. */
  const server = redisServerOf(config);

  /** The configured store: the one every row this process sends goes to. */
  const store = life.once(() => Promise.resolve().then(() => storeIdentityOf(config)));
  const inRedis = storeRedis(config, server, store, logger, options, life);
  const clientAt = storeClients(config, server !== null, store, inRedis, logger, options, life);
  const client = () => clientAt(config.rate);

  const ledger = storeLedger(config, server ? inRedis : null, logger, life, options.ledger === 'memory');
  const notifier = storeNotifier({ config, logger, store, client, inRedis: server ? inRedis : null, options, life });

  const runBatch = batchRunner({
    config,
    logger,
    queued: server !== null,
    store,
    clientAt,
    storeRate: async () => (await inRedis.rate()).rate,
    queueTarget: inRedis.queueTarget,
    // A dry run reads the ledger (never writes it), so it tells what the sync would do.
    batchLedgers: async () => (keepsLedger ? (await ledger()).batchLedgers : undefined),
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
    records: async () => openRecordReader(config, server ? await inRedis.redis() : null),
    readLedger: async () => {
      if (!server) return readLedgerFile(config);
      const { ledger: opened, where } = await ledger();
      return { getMany: (keys, part) => opened.getMany(keys, part), products: () => opened.products(), where };
    },
    runBatch,
    runner: (tuning, options) => (request, signal) =>
      runBatch(request, { ...options, ...(tuning ? { tuning } : {}), signal }),
    startWorker: workerStarter({
      config,
      logger,
      client,
      inRedis,
      notifier,
      batchLedgers: async () => (keepsLedger ? (await ledger()).batchLedgers : undefined),
    }),
    claimsFor: (layout) => inRedis.claimsFor(layout),
    queueWorkers: async () => workersServingStore(await inRedis.queueTarget()),
    reconcile: reconciler({ config, store, client, ledger: keepsLedger ? ledger : null }),
    moveLedgerToFile: () => moveLedgerOutOfRedis(config, inRedis),
    storeTimeZone: async () => (await (await client()).authorize()).store.time_zone || 'UTC',
    notifier,
    close: () => life.close(),
  };
}

/** The ledger a batch writes to, for callers that hold a ledger of their own (tests, benches). */
export { batchLedgersOf };
