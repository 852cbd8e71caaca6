import { Redis } from 'ioredis';
import { REDIS_URL } from '../../helpers/redis-url.ts';

/** The keys under `prefix`, a SCAN page at a time (never KEYS, which blocks the shared Redis). */
async function* scanPages(redis: Redis, prefix: string): AsyncGenerator<string[]> {
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
    cursor = next;
    yield keys;
  } while (cursor !== '0');
}

/** Deletes every key under a test's own prefix (never FLUSHALL/FLUSHDB on the shared Redis). */
export async function deleteKeys(redis: Redis, prefix: string): Promise<void> {
  for await (const keys of scanPages(redis, prefix)) if (keys.length > 0) await redis.unlink(...keys);
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

/** Every key under `prefix` (on a cluster node's own connection: the keys that node holds). */
export async function keysUnder(redis: Redis, prefix: string): Promise<string[]> {
  const out: string[] = [];
  for await (const keys of scanPages(redis, prefix)) out.push(...keys);
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
