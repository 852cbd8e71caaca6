/** The queue's worker for the configured store, on the app's client and ledger (`worker`, `watch`, `serve`). */
import type { Config } from '../config.ts';
import type { BatchLedgerFactory } from '../ledger/batch-ledger.ts';
import type { Logger } from '../log.ts';
import type { Notifier } from '../notify/notifier.ts';
import type { Outcome } from '../outcome.ts';
import type { StoreClient } from '../store/client.ts';
import type { SyncWorker } from '../sync/queue/worker.ts';
import { loadQueue } from './queue.ts';
import type { StoreRedis } from './store-redis.ts';
import type { WorkerHooks } from './types.ts';

export function workerStarter(parts: {
  config: Config;
  logger: Logger;
  client: () => Promise<StoreClient>;
  inRedis: StoreRedis;
  notifier: () => Promise<Notifier>;
  /** undefined: nothing is remembered of the store (a rehearsal). */
  batchLedgers: () => Promise<BatchLedgerFactory | undefined>;
}): (hooks?: WorkerHooks) => Promise<SyncWorker> {
  const { config, logger, client, inRedis, notifier } = parts;
  return async (hooks = {}) => {
    const { startSyncWorker } = await loadQueue();
    const ledgers = await parts.batchLedgers();
    const made = await client();
    // A process that takes the store's rows delivers its notifications too.
    await (await notifier()).startDelivery();
    return startSyncWorker({
      ...(await inRedis.queueTarget()),
      client: hooks.observeStore ? hooks.observeStore(made) : made,
      concurrency: config.concurrency,
      logger,
      ...(hooks.lazy ? { lazy: true } : {}),
      ...(ledgers ? { batchLedgers: ledgers } : {}),
      ...(hooks.onRowEnded ? { onRowEnded: (outcome: Outcome) => hooks.onRowEnded!(outcome, made.identity) } : {}),
      // Awaited by the report job: a notification not queued yet makes the job run again.
      onBatchReported: async (summary) => {
        hooks.onBatchReported?.(summary);
        await (await notifier()).batchFinished(summary);
      },
    });
  };
}
