/**
 * Opens the store's ledger from the configuration: in Redis (with REDIS_URL) or the local file.
 * Only the composition root (src/app.ts) calls it, so there is one place where a ledger is built.
 */
import type { Redis } from 'ioredis';
import { requireStore, type Config } from '../config.ts';
import type { BatchLedgerFactory } from './batch-ledger.ts';
import { FileLedger, scopedLedgerFile } from './file-store.ts';
import { batchLedgersOf } from './for-batch.ts';
import type { Ledger } from './ledger.ts';
import { RedisLedger } from './redis-store.ts';
import { ledgerScope } from './rules.ts';

export interface LedgerHandle {
  ledger: Ledger;
  /** The engine's batchLedgers (runSync / enqueueSync / startSyncWorker `batchLedgers`). */
  batchLedgers: BatchLedgerFactory;
  /** Which store and account the ledger answers for (ledgerScope). */
  scope: string;
  close(): Promise<void>;
}

/** The scope of the configured store and account: its ledger, and the drop folder's Redis claims. */
export function storeScope(config: Config): string {
  const store = requireStore(config);
  return ledgerScope(store.storeUrl, store.storeEmail);
}

/** `redis`: the caller's connection (it stays open on close), given when REDIS_URL is set. */
export async function openStoreLedger(config: Config, redis: Redis | null): Promise<LedgerHandle> {
  const scope = storeScope(config);
  const ledger: Ledger = redis
    ? new RedisLedger(redis, config.queuePrefix, scope)
    : await FileLedger.open(scopedLedgerFile(config.ledgerFile, scope));
  return { ledger, batchLedgers: batchLedgersOf(ledger), scope, close: () => ledger.close() };
}
