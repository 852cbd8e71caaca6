/** Redis connections for the engine: BullMQ's options and plain ioredis clients from one URL. */
import { Redis } from 'ioredis';

export interface RedisTarget {
  redisUrl: string;
  /** Key prefix (QUEUE_PREFIX); every key of the engine and BullMQ lives under it. */
  prefix: string;
}

/** Options BullMQ accepts as `connection`; workers need maxRetriesPerRequest null. */
export function bullConnection(redisUrl: string): { url: string; maxRetriesPerRequest: null } {
  return { url: redisUrl, maxRetriesPerRequest: null };
}

/** A client that keeps retrying through a Redis restart instead of failing commands. */
export function openRedis(redisUrl: string): Redis {
  const redis = new Redis(redisUrl, {
    maxRetriesPerRequest: null,
    retryStrategy: (times) => Math.min(times * 100, 2000),
  });
  // Connection errors are retried by the strategy above; without a listener ioredis prints them.
  redis.on('error', () => undefined);
  return redis;
}
