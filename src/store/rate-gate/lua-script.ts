/**
 * A Lua script run by SHA with a fallback to EVAL when Redis does not know it yet (first use,
 * or after a Redis restart flushed the script cache).
 */
import { createHash } from 'node:crypto';
import type { RedisClient } from '../../redis.ts';

export class LuaScript {
  private readonly sha: string;

  constructor(readonly lua: string) {
    this.sha = createHash('sha1').update(lua).digest('hex');
  }

  async run(redis: RedisClient, keys: string[], args: (string | number)[]): Promise<unknown> {
    try {
      return await redis.evalsha(this.sha, keys.length, ...keys, ...args);
    } catch (error) {
      if (!(error instanceof Error) || !error.message.includes('NOSCRIPT')) throw error;
      return redis.eval(this.lua, keys.length, ...keys, ...args);
    }
  }
}
