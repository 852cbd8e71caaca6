/**
 * Where a secret test looks: every file under a folder, every key and value under a Redis prefix.
 * Text only, joined, for `not.toContain` over each secret.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { REDIS_URL } from '../helpers/redis-url.ts';

export async function filesUnder(dir: string): Promise<string> {
  let text = '';
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) text += await readFile(join(entry.parentPath, entry.name), 'utf8');
  }
  return text;
}

/** Every value stored under `prefix`, whatever its type, and the keys themselves. */
export async function redisText(prefix: string): Promise<string> {
  const redis = new Redis(REDIS_URL);
  try {
    const parts: string[] = [];
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      cursor = next;
      for (const key of keys) {
        const type = await redis.type(key);
        if (type === 'string') parts.push((await redis.get(key)) ?? '');
        else if (type === 'hash') parts.push(JSON.stringify(await redis.hgetall(key)));
        else if (type === 'list') parts.push(...(await redis.lrange(key, 0, -1)));
        else if (type === 'set') parts.push(...(await redis.smembers(key)));
        else if (type === 'zset') parts.push(...(await redis.zrange(key, '0', '-1')));
        else if (type === 'stream') parts.push(JSON.stringify(await redis.xrange(key, '-', '+')));
        parts.push(key);
      }
    } while (cursor !== '0');
    return parts.join('\n');
  } finally {
    redis.disconnect();
  }
}
