/**
 * The stores that have batches on one Redis and queue prefix: `status` without a configured store
 * lists them all. Each store's keys live under its own prefix (keys.ts storePrefix), so the
 * stores are found by their batch lists, never by reading one store's keys as another's. On a
 * Redis Cluster each store's keys sit on the master of its hash slot: every master is scanned.
 */
import { mastersOf, type RedisClient } from '../../redis.ts';
import { engineKeys } from './keys.ts';

const BATCH_LIST_SUFFIX = engineKeys('').batches;

/** The store prefixes (`<queuePrefix>:{<scope>}`) that have a batch list, sorted. */
export async function storePrefixesWithBatches(redis: RedisClient, queuePrefix: string): Promise<string[]> {
  const found = new Set<string>();
  for (const node of await mastersOf(redis)) {
    let cursor = '0';
    do {
      const [next, keys] = await node.scan(cursor, 'MATCH', `${queuePrefix}:{*}${BATCH_LIST_SUFFIX}`, 'COUNT', 1000);
      cursor = next;
      for (const key of keys) found.add(key.slice(0, key.length - BATCH_LIST_SUFFIX.length));
    } while (cursor !== '0');
  }
  return [...found].sort();
}
