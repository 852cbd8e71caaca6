import { Redis } from 'ioredis';
import { REDIS_URL } from '../../helpers/redis-url.ts';

/** Deletes every key under a test's own prefix (never FLUSHALL/FLUSHDB on the shared Redis). */
export async function deleteKeys(redis: Redis, prefix: string): Promise<void> {
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
    cursor = next;
    if (keys.length > 0) await redis.unlink(...keys);
  } while (cursor !== '0');
}

/** deleteKeys on a connection of its own, for a clean-up that holds none. */
export async function dropKeys(prefix: string, redisUrl: string = REDIS_URL): Promise<void> {
  const redis = new Redis(redisUrl);
  try {
    await deleteKeys(redis, prefix);
  } finally {
    await redis.quit();
  }
}

export async function keysUnder(redis: Redis, prefix: string): Promise<string[]> {
  const out: string[] = [];
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
    cursor = next;
    out.push(...keys);
  } while (cursor !== '0');
  return out;
}
