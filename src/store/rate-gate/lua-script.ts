/**
 * A Lua script run by SHA with a fallback to EVAL when Redis does not know it yet (first use,
 * or after a Redis restart flushed the script cache). A script's keys share one hash slot (a
 * store's): on a cluster it runs on the plain client lent for that slot while there is one
 * (redis.ts slotClientFor), else on the cluster client.
 */
import { createHash } from 'node:crypto';
import { slotClientFor, type RedisClient } from '../../redis.ts';

/** ioredis' rejection of a command on a client closed under it (ioredis utils CONNECTION_CLOSED_ERROR_MSG). */
const CLOSED = 'Connection is closed.';

export class LuaScript {
  private readonly sha: string;

  constructor(readonly lua: string) {
    this.sha = createHash('sha1').update(lua).digest('hex');
  }

  async run(redis: RedisClient, keys: string[], args: (string | number)[]): Promise<unknown> {
    const client = slotClientFor(redis, keys[0]);
    if (client === redis) return this.runOn(redis, keys, args);
    try {
      return await this.runOn(client, keys, args);
    } catch (error) {
      // A lent client is closed only by us, once given back (its row worker stopped or handed its
      // rows back), and may have run the script or not: it runs again on the cluster client, as
      // ioredis sends a command again after a reconnect (our scripts are written for that).
      if (!(error instanceof Error) || error.message !== CLOSED) throw error;
      return this.runOn(redis, keys, args);
    }
  }

  private async runOn(redis: RedisClient, keys: string[], args: (string | number)[]): Promise<unknown> {
    try {
      return await redis.evalsha(this.sha, keys.length, ...keys, ...args);
    } catch (error) {
      if (!(error instanceof Error) || !error.message.includes('NOSCRIPT')) throw error;
      return redis.eval(this.lua, keys.length, ...keys, ...args);
    }
  }
}
