/**
 * The Redis the engine runs on: one server (REDIS_URL) or a Redis Cluster (REDIS_CLUSTER_NODES).
 * Connections are opened in one place, src/sync/queue/connection.ts; everything else takes the
 * RedisClient it is given and works the same on both, because every key of one store shares one
 * hash slot (src/sync/queue/keys.ts storePrefix). What differs on a cluster is said here.
 */
import type { Cluster, ClusterOptions, Redis } from 'ioredis';
import type { Config, RedisNode } from './config.ts';

/** A connection: to one server, or to a cluster (ioredis routes each command to its key's master). */
export type RedisClient = Redis | Cluster;

/** Where Redis is: the shape a RedisTarget (src/sync/queue/connection.ts) spreads in. */
export type RedisServer = { redisUrl: string } | { redisCluster: readonly RedisNode[] };

/** A failover of a cluster's master, from its death to its replica serving its slots, lasts about this long at most. */
export const FAILOVER_MS = 30_000;

/** How long a command waits between tries while its slot's master is away. */
const FAILOVER_RETRY_MS = 300;

/**
 * How our cluster clients ride through a failover (a master dies; after cluster-node-timeout its
 * replica is elected and takes its slots: 10-20 s is normal) instead of failing the commands
 * caught in it: ioredis' defaults (16 tries 100 ms apart, CLUSTERDOWN included) gave up after
 * 2-3 s, failing an import with "Too many Cluster redirections". A command now tries again every
 * FAILOVER_RETRY_MS, refreshing the slots each time, for FAILOVER_MS before it fails; the slots
 * are fetched with time to spare on a loaded machine ("Failed to refresh slots cache"); and
 * commands issued while no node is reachable wait in the offline queue (BullMQ needs it on).
 */
export const CLUSTER_OPTIONS = {
  retryDelayOnFailover: FAILOVER_RETRY_MS,
  retryDelayOnClusterDown: FAILOVER_RETRY_MS,
  retryDelayOnTryAgain: FAILOVER_RETRY_MS,
  maxRedirections: Math.ceil(FAILOVER_MS / FAILOVER_RETRY_MS),
  slotsRefreshTimeout: 5_000,
  enableOfflineQueue: true,
} as const satisfies ClusterOptions;

/** The configured Redis, or null when none is (everything then runs local). */
export function redisServerOf(config: Pick<Config, 'redisUrl' | 'redisClusterNodes'>): RedisServer | null {
  if (config.redisClusterNodes) return { redisCluster: config.redisClusterNodes };
  if (config.redisUrl) return { redisUrl: config.redisUrl };
  return null;
}

/** For log lines: host:port, or the cluster's nodes as given; never a password. */
export function describeRedis(server: RedisServer): string {
  if ('redisCluster' in server)
    return `cluster ${server.redisCluster.map(({ host, port }) => `${host.includes(':') ? `[${host}]` : host}:${port}`).join(',')}`;
  try {
    const url = new URL(server.redisUrl);
    return `${url.hostname || '127.0.0.1'}:${url.port || 6379}`;
  } catch {
    return 'Redis';
  }
}

export function isCluster(client: RedisClient): client is Cluster {
  return client.isCluster;
}

/**
 * The connections that hold keys: the server itself, or each master of a cluster (a key-less
 * command such as SCAN reaches one node only, so a scan of every key asks each master).
 */
export async function mastersOf(client: RedisClient): Promise<Redis[]> {
  if (!isCluster(client)) return [client];
  // The node list is known once the cluster's slots are: a command waits for that.
  await client.ping();
  return client.nodes('master');
}
