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

/**
 * Plain clients lent to a cluster client for one hash tag's slot: a busy store's row worker lends
 * its own (sync/queue/connection.ts rowConnection), so the store's scripts (its rate gate, ledger
 * and results: store/rate-gate/lua-script.ts) take it instead of the cluster client, whose routing
 * of each command cost a worker on a cluster about 10 µs of CPU per command more than a plain
 * client's, at about 3.4 scripts per create (issue 41). Per cluster client, hash tag -> client.
 */
const lent = new WeakMap<Cluster, Map<string, Redis>>();
/** What each lent client was lent for, so it can be given back by itself. */
const lentFor = new WeakMap<Redis, { via: Cluster; tag: string }>();

/** The hash tag of a key (what is between its first `{` and the next `}`, when not empty), as Redis Cluster reads it. */
function hashTagOf(key: string): string | null {
  const open = key.indexOf('{');
  if (open < 0) return null;
  const close = key.indexOf('}', open + 1);
  return close > open + 1 ? key.slice(open + 1, close) : null;
}

/**
 * From now on, until returnSlotClient, `client` (connected to the master of `key`'s slot, and
 * following it: slot-master.ts) serves slotClientFor(via, k) for every key k of `key`'s hash tag.
 */
export function lendSlotClient(via: Cluster, key: string, client: Redis): void {
  const tag = hashTagOf(key);
  if (tag === null) return;
  let clients = lent.get(via);
  if (!clients) lent.set(via, (clients = new Map<string, Redis>()));
  clients.set(tag, client);
  lentFor.set(client, { via, tag });
}

/** Takes a lent client back before it is closed: commands for its slot go to the cluster client again. */
export function returnSlotClient(client: Redis): void {
  const at = lentFor.get(client);
  if (!at) return;
  lentFor.delete(client);
  const clients = lent.get(at.via);
  // A newer client lent for the same tag (the store's next row worker) stays.
  if (clients?.get(at.tag) === client) clients.delete(at.tag);
}

/** The client for a command whose keys all share `key`'s slot: the one lent for it, else `redis` itself. */
export function slotClientFor(redis: RedisClient, key: string | undefined): RedisClient {
  if (!isCluster(redis) || key === undefined) return redis;
  const tag = hashTagOf(key);
  return (tag !== null && lent.get(redis)?.get(tag)) || redis;
}
