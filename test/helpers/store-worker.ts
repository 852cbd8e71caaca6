/**
 * What `catalog-sync worker` runs for one store, in the test's process: the store's queue under a
 * Redis prefix of the test's own (the world's, or one of its own), on the store's Redis ledger.
 * Its keys are deleted at close.
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { batchLedgersOf } from '../../src/ledger/for-batch.ts';
import { RedisLedger } from '../../src/ledger/redis-store.ts';
import type { SandboxHandle } from '../../src/sandbox/index.ts';
import { storeScope } from '../../src/store/identity.ts';
import { createStoreClient } from '../../src/store/index.ts';
import { startSyncWorker, type SyncWorker } from '../../src/sync/index.ts';
import { storePrefix } from '../../src/sync/queue/keys.ts';
import type { RedisParts } from '../sync/helpers/queue-world.ts';
import { deleteKeys } from '../sync/helpers/redis.ts';
import { settingsFor } from '../store/helpers.ts';
import type { SandboxWorld } from './base-world.ts';
import { REDIS_URL } from './redis-url.ts';

export interface StoreWorker {
  /** REDIS_URL and QUEUE_PREFIX, for a command that queues to this worker. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/** The worker of the store at `sandbox` under `prefix`, its ledger the store's hash there; ready. */
async function runStoreWorker(sandbox: SandboxHandle, prefix: string, redis: Redis): Promise<SyncWorker> {
  const store = { url: sandbox.url, account: sandbox.email };
  const worker = startSyncWorker({
    redisUrl: REDIS_URL,
    prefix: storePrefix(prefix, store),
    client: createStoreClient(settingsFor(sandbox)),
    concurrency: 2,
    batchLedgers: batchLedgersOf(new RedisLedger(redis, prefix, storeScope(store))),
  });
  await worker.ready();
  return worker;
}

/** The store's worker on a prefix of its own, for a test whose world has none (one world for the file). */
export async function startStoreWorker(sandbox: SandboxHandle, name: string): Promise<StoreWorker> {
  const prefix = `${name}-${randomUUID()}`;
  const redis = new Redis(REDIS_URL);
  const worker = await runStoreWorker(sandbox, prefix, redis);
  return {
    env: { REDIS_URL, QUEUE_PREFIX: prefix },
    close: async () => {
      await worker.close(true);
      await deleteKeys(redis, prefix);
      await redis.quit();
    },
  };
}

/** The store's worker on a world's own prefix and connection, closed with it (before its keys go). */
export async function startWorldStoreWorker(world: SandboxWorld & RedisParts): Promise<void> {
  const worker = await runStoreWorker(world.sandbox, world.prefix, world.redis);
  world.onClose(() => worker.close(true));
}
