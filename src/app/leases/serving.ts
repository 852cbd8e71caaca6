/**
 * Whether a worker serves a store, for the commands that queue its rows (import, rerun, schedule
 * run, watch) and `status`. A `worker` process runs a store's BullMQ worker only while the store
 * has rows queued (sync/queue/lazy-workers.ts), so an idle one is not in Redis's client list; its
 * heartbeat names the stores it serves (workers.ts). A worker a command runs for its own batch
 * (import --sandbox, the console's rehearsal) keeps no heartbeat: it is counted by its BullMQ
 * connection, as before.
 */
import type { RedisClient } from '../../redis.ts';
import type { RedisTarget } from '../../sync/queue/connection.ts';
import { splitStorePrefix } from '../../sync/queue/keys.ts';
import { loadQueue } from '../queue.ts';
import { servingWorkers } from './workers.ts';

/**
 * How many workers serve the store at `target.prefix`: live heartbeats naming it, else BullMQ
 * workers connected. Read on `redis`, else the target's shared connection, else one of its own.
 */
export async function workersServingStore(
  target: RedisTarget,
  redis: RedisClient | undefined = target.shared,
): Promise<number> {
  const { openRedis, workersServing } = await loadQueue();
  const store = splitStorePrefix(target.prefix);
  if (store) {
    const connection = redis ?? openRedis(target);
    try {
      const live = await servingWorkers(connection, store.queuePrefix, store.scope);
      if (live.length > 0) return live.length;
    } finally {
      if (!redis) await connection.quit().catch(() => connection.disconnect());
    }
  }
  return workersServing(target);
}
