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

/** Each key and its value as text, whatever its type: to look for a secret in what Redis holds. */
export async function keysText(redis: Redis, keys: readonly string[]): Promise<string> {
  const parts: string[] = [];
  for (const key of keys) {
    parts.push(key);
    const type = await redis.type(key);
    if (type === 'string') parts.push((await redis.get(key)) ?? '');
    else if (type === 'hash') parts.push(JSON.stringify(await redis.hgetall(key)));
    else if (type === 'list') parts.push(JSON.stringify(await redis.lrange(key, 0, -1)));
    else if (type === 'zset') parts.push(JSON.stringify(await redis.zrange(key, '0', '-1')));
    else if (type === 'set') parts.push(JSON.stringify(await redis.smembers(key)));
    else if (type === 'stream') parts.push(JSON.stringify(await redis.xrange(key, '-', '+')));
  }
  return parts.join('\n');
}
