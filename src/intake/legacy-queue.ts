/**
 * Versions before the per-store queue (sync/queue/keys.ts storePrefix) put every store's rows on
 * one queue per QUEUE_PREFIX (`<prefix>:rows`) without recording their store, and registered every
 * store's schedules on one `<prefix>:schedules`. Any worker on the prefix took them and sent them
 * to its own store. This version never takes a row from there (nothing says whose it is): a worker
 * says at start how many still wait, and removes the old schedules, which would otherwise fire
 * into a queue no one serves; each store's worker has registered its own from the job files.
 * Not on a Redis Cluster: no earlier version ran on one (and the old queue's keys, without a hash
 * tag, would span its slots).
 */
import { Queue } from 'bullmq';
import type { Logger } from '../log.ts';
import type { RedisServer } from '../redis.ts';
import { bullConnection, closeBull } from '../sync/queue/connection.ts';
import { QUEUE_NAME } from '../sync/queue/keys.ts';
import { SCHEDULE_QUEUE } from './schedules.ts';

export interface LegacyQueue {
  /** Rows waiting on the shared queue of an earlier version (waiting, delayed, active, prioritized). */
  rows: number;
  /** Schedules of an earlier version removed now. */
  schedulesRemoved: string[];
}

export async function settleLegacyQueue(
  server: RedisServer,
  queuePrefix: string,
  logger: Logger,
): Promise<LegacyQueue> {
  if ('redisCluster' in server) return { rows: 0, schedulesRemoved: [] };
  const rowsQueue = new Queue(QUEUE_NAME, { connection: bullConnection(server), prefix: queuePrefix });
  const schedules = new Queue(SCHEDULE_QUEUE, { connection: bullConnection(server), prefix: queuePrefix });
  try {
    const counts = await rowsQueue.getJobCounts('waiting', 'delayed', 'active', 'prioritized');
    const rows = Object.values(counts).reduce((sum, n) => sum + n, 0);
    const schedulesRemoved: string[] = [];
    for (const scheduler of await schedules.getJobSchedulers(0, -1, true)) {
      const id = scheduler.id ?? scheduler.key;
      if (await schedules.removeJobScheduler(id)) schedulesRemoved.push(id);
    }
    if (rows > 0)
      logger.warn(
        { legacyQueue: `${queuePrefix}:${QUEUE_NAME}`, rows },
        `${rows === 1 ? '1 row' : `${rows} rows`} queued by an earlier catalog-sync wait on the queue every store shared (${queuePrefix}:${QUEUE_NAME}), which does not record their store: this version never sends them. Let the earlier version finish them with only its own store's worker running, or sync their sheets again (the ledger stops a second create)`,
      );
    if (schedulesRemoved.length > 0)
      logger.warn(
        { legacyQueue: `${queuePrefix}:${SCHEDULE_QUEUE}`, schedulesRemoved },
        `removed ${schedulesRemoved.length === 1 ? '1 schedule' : `${schedulesRemoved.length} schedules`} an earlier catalog-sync registered for every store at once; each store's worker registers its own from its job files`,
      );
    return { rows, schedulesRemoved };
  } finally {
    await closeBull(rowsQueue);
    await closeBull(schedules);
  }
}
