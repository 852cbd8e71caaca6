/**
 * Every Redis connection the app and the engine open comes from here, for one server (REDIS_URL)
 * or a Redis Cluster (REDIS_CLUSTER_NODES): plain ioredis clients (openRedis) and BullMQ's queues
 * and workers (bullConnection, closeBull). Nothing else constructs one. Each is named for its role
 * (CONNECTION_NAMES, BullMQ names a worker's blocking read after its queue), so Redis's CLIENT LIST
 * counts a process's connections per role. A process's queues and engine commands share one
 * connection (RedisTarget.shared); only a row worker has its own two, and only while its store has
 * rows (lazy-workers.ts, issue 41): on a cluster, plain clients to its store's master (rowConnection).
 */
import type { ConnectionOptions } from 'bullmq';
import { Cluster, Redis, type RedisOptions } from 'ioredis';
import type { RedisNode } from '../../config.ts';
import { silentLogger, type Logger } from '../../log.ts';
import { CLUSTER_OPTIONS, describeRedis, isCluster, type RedisClient, type RedisServer } from '../../redis.ts';
import { watchRedis } from './redis-outage.ts';
import { slotMasterClient } from './slot-master.ts';

/** A store's place in Redis: the server or cluster, and its key prefix (keys.ts storePrefix). */
export type RedisTarget = RedisServer & {
  /** Every key of the store, BullMQ's and the engine's, lives under it. */
  prefix: string;
} & SharedConnection;

/**
 * The process's one connection for commands that do not block (the app's): its queues use it
 * instead of opening their own. Without it, each Queue opens one.
 */
export interface SharedConnection {
  shared?: RedisClient;
}

/** The names our connections carry in CLIENT LIST: `catalog-sync:<role>:<pid>` (connectionName). */
export const CONNECTION_NAMES = {
  /** The process's one connection: the engine's commands, the queues', the leases'. */
  shared: 'catalog-sync:shared',
  /** A row worker's own connection besides its blocking read (the read is named by BullMQ). */
  rows: 'catalog-sync:rows',
  /** The one connection a worker process hears its stores' wake channels on (lazy-workers.ts). */
  wake: 'catalog-sync:wake',
  /** A queue or worker opened without a shared connection (a short-lived command's). */
  queue: 'catalog-sync:queue',
  /** Any other: a command's own. */
  other: 'catalog-sync:other',
} as const;

export type ConnectionRole = keyof typeof CONNECTION_NAMES;

/** A connection's name: its role, and the process it belongs to among those on one Redis. */
export function connectionName(role: ConnectionRole, pid: number = process.pid): string {
  return `${CONNECTION_NAMES[role]}:${pid}`;
}

/** The clients bullConnection and rowConnection made: closeBull quits those, never a shared one. */
const madeHere = new WeakSet<object>();

function isMadeHere(connection: ConnectionOptions | undefined): connection is RedisClient {
  return (connection instanceof Cluster || connection instanceof Redis) && madeHere.has(connection);
}

/** A Redis restart is waited through, never failed: commands wait in the offline queue. */
const retryStrategy = (times: number): number => Math.min(times * 100, 2000);

function clusterOf(nodes: readonly RedisNode[], redisOptions: RedisOptions, lazyConnect: boolean): Cluster {
  return new Cluster(
    nodes.map(({ host, port }) => ({ host, port })),
    {
      ...CLUSTER_OPTIONS,
      redisOptions,
      clusterRetryStrategy: retryStrategy,
      lazyConnect,
      // A lazy client is a Queue's or a Worker's (bullConnection): one per store. Its ready check
      // (CLUSTER INFO) has no key, so it went to a random master and left a connection open there
      // besides the one to the master of the store's hash slot (issue 41: about 4.4 connections per
      // store served on 3 masters, 2 with this and skipVersionCheck). A cluster that is down still
      // shows: commands wait and retry through CLUSTERDOWN and failover (CLUSTER_OPTIONS).
      ...(lazyConnect ? { enableReadyCheck: false } : {}),
    },
  );
}

/**
 * BullMQ's version check (INFO, no key: a random master, and a connection kept open there) is
 * skipped on a row worker's clients (two per store served): the process's shared connection,
 * which the queues of a worker process use (row-queue.ts, notify/queue.ts, intake/schedules.ts),
 * checks it once per process. ioredis ignores the key; BullMQ 5+ reads it from a client's options
 * (a cluster's redisOptions).
 */
type BullRedisOptions = RedisOptions & { skipVersionCheck: boolean };

/**
 * A client that keeps retrying through a Redis restart instead of failing commands; an outage
 * and the recovery are logged once each (redis-outage.ts), never as ioredis stack traces.
 */
export function openRedis(
  server: RedisServer,
  logger: Logger = silentLogger,
  role: ConnectionRole = 'other',
): RedisClient {
  const name = connectionName(role);
  const redis =
    'redisCluster' in server
      ? clusterOf(server.redisCluster, { maxRetriesPerRequest: null, connectionName: name }, false)
      : new Redis(server.redisUrl, { maxRetriesPerRequest: null, retryStrategy, connectionName: name });
  return watchRedis(redis, describeRedis(server), logger);
}

/**
 * BullMQ's `connection` for one Queue or Worker (workers need maxRetriesPerRequest null). The
 * process's shared connection when there is one (`own` unset): BullMQ runs a Queue's commands and
 * a Worker's non-blocking ones on it, leaves it open, and gives a Worker's blocking read a copy
 * of it of its own. Otherwise, for one server, options: BullMQ opens and closes its connections.
 * BullMQ takes a cluster only as an ioredis Cluster instance, which a Worker duplicates (and
 * closes the copies) and a Queue uses as it is and leaves open: made lazy here, so a Worker's
 * never connects, and closed by closeBull. So a Queue or Worker given one is closed with
 * closeBull, never close() alone. `own`: a Worker that must drop its connections without
 * touching the others' (a row worker handing its rows back).
 */
export function bullConnection(
  server: RedisServer & SharedConnection,
  own: ConnectionRole | null = null,
): ConnectionOptions {
  if (server.shared && own === null) return server.shared;
  const name = connectionName(own ?? 'queue');
  if ('redisCluster' in server) {
    const options: BullRedisOptions = {
      maxRetriesPerRequest: null,
      connectionName: name,
      skipVersionCheck: own !== null,
    };
    const made = clusterOf(server.redisCluster, options, true);
    madeHere.add(made);
    return made;
  }
  return { url: server.redisUrl, maxRetriesPerRequest: null, connectionName: name };
}

/**
 * A row Worker's `connection`: its own, never the shared one, as stop() drops it to hand its rows
 * back. On a cluster, a plain client to the master of its store's hash slot (`prefix`), found
 * through `via`, the process's cluster client (slot-master.ts): BullMQ's copy of it for the
 * blocking read is one too, so a busy store holds no cluster client of its own. closeBull closes it.
 */
export function rowConnection(server: RedisServer, prefix: string, via: RedisClient): ConnectionOptions {
  if (!('redisCluster' in server) || !isCluster(via)) return bullConnection(server, 'rows');
  const options: BullRedisOptions = {
    maxRetriesPerRequest: null,
    connectionName: connectionName('rows'),
    retryStrategy,
    skipVersionCheck: true,
  };
  const made = slotMasterClient(via, prefix, options);
  madeHere.add(made);
  return made;
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
    if (isMadeHere(connection)) await connection.quit().catch(() => connection.disconnect());
  }
}

/** Drops a Worker's connections at once, the cluster connection bullConnection made for it too (BullMQ leaves one it was given). */
export async function dropBull(bull: {
  disconnect(): Promise<void>;
  opts: { connection?: ConnectionOptions };
}): Promise<void> {
  const connection = bull.opts.connection;
  if (isMadeHere(connection)) connection.disconnect();
  await bull.disconnect().catch(() => undefined);
}
