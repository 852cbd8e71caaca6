/** Redis connections for the engine: BullMQ's options and plain ioredis clients from one URL. */
import { Redis } from 'ioredis';
import { silentLogger, type Logger } from '../../log.ts';
import { watchRedis } from './redis-outage.ts';

export interface RedisTarget {
  redisUrl: string;
  /** Key prefix (QUEUE_PREFIX); every key of the engine and BullMQ lives under it. */
  prefix: string;
}

/** Options BullMQ accepts as `connection`; workers need maxRetriesPerRequest null. */
export function bullConnection(redisUrl: string): { url: string; maxRetriesPerRequest: null } {
  return { url: redisUrl, maxRetriesPerRequest: null };
}

/**
 * A client that keeps retrying through a Redis restart instead of failing commands; an outage
 * and the recovery are logged once each (redis-outage.ts), never as ioredis stack traces.
 */
export function openRedis(redisUrl: string, logger: Logger = silentLogger): Redis {
  const redis = new Redis(redisUrl, {
    maxRetriesPerRequest: null,
    retryStrategy: (times) => Math.min(times * 100, 2000),
  });
  return watchRedis(redis, logger);
}
