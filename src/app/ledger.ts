/**
 * The store's ledger as the app gives it: opened on first use (in Redis with Redis, else the local
 * file), moved out of Redis by `ledger move-to-file`, and changed by `reconcile`.
 */
import type { Config } from '../config.ts';
import { batchLedgersOf } from '../ledger/for-batch.ts';
import { MemoryLedger } from '../ledger/memory-store.ts';
import { moveStoreLedgerToFile, openStoreLedger, type LedgerHandle, type MovedToFile } from '../ledger/open.ts';
import type { Logger } from '../log.ts';
import type { StoreClient } from '../store/client.ts';
import type { StoreIdentity } from '../store/identity.ts';
import { countsTaker } from '../sync/category-counts.ts';
import { reconcileBatch, type ReconcileReport } from '../sync/reconcile/run.ts';
import type { Lifecycle } from './lifecycle.ts';
import { loadQueue } from './queue.ts';
import type { StoreRedis } from './store-redis.ts';
import { LedgerBusyError, type App } from './types.ts';

export function storeLedger(
  config: Config,
  inRedis: StoreRedis | null,
  logger: Logger,
  life: Lifecycle,
  inMemory = false,
): () => Promise<LedgerHandle> {
  return life.once(async () => {
    const handle = inMemory
      ? memoryLedgerHandle(config)
      : await openStoreLedger(config, inRedis ? await inRedis.redis() : null, logger);
    life.onClose(() => handle.close());
    return handle;
  });
}

/** A rehearsal's ledger: in this process's memory, gone with it (and with its sandbox store). */
function memoryLedgerHandle(config: Config): LedgerHandle {
  const ledger = new MemoryLedger();
  return {
    ledger,
    batchLedgers: batchLedgersOf(ledger, { undoBatches: config.undoBatches }),
    scope: 'sandbox',
    where: 'memory (sandbox)',
    close: () => ledger.close(),
  };
}

/** `ledger move-to-file`: refused while a batch runs on the queue (its rows write to the Redis ledger). */
export async function moveLedgerOutOfRedis(config: Config, inRedis: StoreRedis): Promise<MovedToFile> {
  const { listBatches } = await loadQueue();
  const running = (await listBatches(await inRedis.queueTarget(), 1_000)).filter((b) => b.status === 'running');
  if (running.length > 0) throw new LedgerBusyError(running.map((batch) => batch.meta.batchId));
  return moveStoreLedgerToFile(config, await inRedis.redis());
}

/** App.reconcile on the configured store; `ledger` null: nothing is remembered of the store. */
export function reconciler(parts: {
  config: Config;
  store: () => Promise<StoreIdentity>;
  client: () => Promise<StoreClient>;
  ledger: (() => Promise<LedgerHandle>) | null;
}): App['reconcile'] {
  const { config, store, client, ledger } = parts;
  return async (target, options): Promise<ReconcileReport> =>
    reconcileBatch(target, options, {
      reportDir: config.reportDir,
      storeCheck: { ...options.storeCheck, configured: await store() },
      takeCounts: async () => countsTaker(await client(), Date.now)(),
      openLedger: async () => (ledger ? (await ledger()).ledger : null),
      ...(options.keyColumn ? { keyColumn: options.keyColumn } : {}),
    });
}
