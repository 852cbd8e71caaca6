/**
 * Every Redis connection the app and the engine open comes from here, for one server (REDIS_URL)
 * or a Redis Cluster (REDIS_CLUSTER_NODES): plain ioredis clients (openRedis) and BullMQ's queues
 * and workers (bullConnection, closeBull). Nothing else constructs one.
 */
import type { ConnectionOptions } from 'bullmq';
import { Cluster, Redis, type RedisOptions } from 'ioredis';
import type { RedisNode } from '../../config.ts';
import { silentLogger, type Logger } from '../../log.ts';
import { CLUSTER_OPTIONS, describeRedis, type RedisClient, type RedisServer } from '../../redis.ts';
import { watchRedis } from './redis-outage.ts';

/** A store's place in Redis: the server or cluster, and its key prefix (keys.ts storePrefix). */
export type RedisTarget = RedisServer & {
  /** Every key of the store, BullMQ's and the engine's, lives under it. */
  prefix: string;
};

/** A Redis restart is waited through, never failed: commands wait in the offline queue. */
const retryStrategy = (times: number): number => Math.min(times * 100, 2000);

function clusterOf(nodes: readonly RedisNode[], redisOptions: RedisOptions, lazyConnect: boolean): Cluster {
  return new Cluster(
    nodes.map(({ host, port }) => ({ host, port })),
    { ...CLUSTER_OPTIONS, redisOptions, clusterRetryStrategy: retryStrategy, lazyConnect },
  );
}

/**
 * A client that keeps retrying through a Redis restart instead of failing commands; an outage
 * and the recovery are logged once each (redis-outage.ts), never as ioredis stack traces.
 */
export function openRedis(server: RedisServer, logger: Logger = silentLogger): RedisClient {
  const redis =
    'redisCluster' in server
      ? clusterOf(server.redisCluster, { maxRetriesPerRequest: null }, false)
      : new Redis(server.redisUrl, { maxRetriesPerRequest: null, retryStrategy });
  return watchRedis(redis, describeRedis(server), logger);
}

/**
 * BullMQ's `connection` for one Queue or Worker (workers need maxRetriesPerRequest null). For one
 * server, options: BullMQ opens and closes its connections. BullMQ takes a cluster only as an
 * ioredis Cluster instance, which a Worker duplicates (and closes the copies) and a Queue uses as
 * it is and leaves open: made lazy here, so a Worker's never connects, and closed by closeBull.
 * So a Queue or Worker given one is closed with closeBull, never close() alone.
 */
export function bullConnection(server: RedisServer): ConnectionOptions {
  if ('redisCluster' in server) return clusterOf(server.redisCluster, { maxRetriesPerRequest: null }, true);
  return { url: server.redisUrl, maxRetriesPerRequest: null };
}

/**
 * BullMQ's drainDelay for every Worker we run: how long, in seconds, an idle worker's blocking read
 * waits on an empty queue before it looks again (BullMQ's default: 5). A job added wakes it at
 * once, and a delayed job's time bounds it, so this only spaces the rounds of a queue with nothing
 * to do: a worker process runs three BullMQ workers per store (rows, notifications, schedules),
 * and with 500 idle stores their rounds every 5 s alone kept several % of a core busy.
 */
export const IDLE_WAIT_SECONDS = 60;

/** Closes a Queue or Worker, then the cluster connection bullConnection made for it (`force`: a Worker's). */
export async function closeBull(
  bull: { close(force?: boolean): Promise<void>; opts: { connection?: ConnectionOptions } },
  force?: boolean,
): Promise<void> {
  try {
    await bull.close(force);
  } finally {
    const connection = bull.opts.connection;
    if (connection instanceof Cluster) await connection.quit().catch(() => connection.disconnect());
  }
}
