/**
 * The stores that have batches on one Redis and queue prefix: `status` without a configured store
 * lists them all. Each store's keys live under its own prefix (keys.ts storePrefix), so the
 * stores are found by their batch lists, never by reading one store's keys as another's.
 */
import type { Redis } from 'ioredis';
import { engineKeys } from './keys.ts';

const BATCH_LIST_SUFFIX = engineKeys('').batches;

/** The store prefixes (`<queuePrefix>:{<scope>}`) that have a batch list, sorted. */
export async function storePrefixesWithBatches(redis: Redis, queuePrefix: string): Promise<string[]> {
  const found = new Set<string>();
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${queuePrefix}:{*}${BATCH_LIST_SUFFIX}`, 'COUNT', 1000);
    cursor = next;
    for (const key of keys) found.add(key.slice(0, key.length - BATCH_LIST_SUFFIX.length));
  } while (cursor !== '0');
  return [...found].sort();
}
