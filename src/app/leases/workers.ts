/**
 * The worker processes of one deployment (QUEUE_PREFIX) that are alive, in Redis: each keeps a
 * heartbeat key with a time to live (WORKER_LEASE_MS, default LEASE_MS) and renews it every third
 * of that (renewEvery); a key that lapses
 * (the process was killed, its machine lost) takes its worker out of the live list, and the others
 * take its stores (assign.ts). A set indexes the keys, so a list of them needs no SCAN; the set's
 * members whose key lapsed are removed by whoever reads it. All of them share the `{workers}` hash
 * tag: one slot of a cluster, so a pipeline or MGET of them goes to one node.
 *
 * A worker of one store (no stores file) keeps the same heartbeat in a set of its own (`fixed`):
 * it takes no share of a stores file's stores. Both say which stores a worker serves, and that is
 * how a command that queues rows knows one does (servingWorkers): a worker whose stores are idle
 * runs no BullMQ worker for them, so Redis's client list no longer tells (issue 41).
 */
import { hostname } from 'node:os';
import { DEFAULTS } from '../../config/defaults.ts';
import type { RedisClient } from '../../redis.ts';

/** A worker's heartbeat lives this long by default: its stores are taken over at most a lease and a renewal after it dies. */
export const LEASE_MS = DEFAULTS.workerLeaseMs;

/** How often a worker renews a heartbeat that lives `leaseMs` and reads the live list: two renewals may fail before it lapses. */
export function renewEvery(leaseMs: number): number {
  return Math.round(leaseMs / 3);
}

/** What a worker's heartbeat says of it (no secret: `status` shows it). */
export interface WorkerRecord {
  id: string;
  host: string;
  pid: number;
  /** When it joined (ISO). */
  since: string;
  /** The stores it serves now: their id in the stores file and their scope. */
  stores: { id: string; scope: string }[];
}

export function workerKeys(queuePrefix: string) {
  const base = `${queuePrefix}:{workers}`;
  return { live: `${base}:live`, fixed: `${base}:fixed`, worker: (id: string) => `${base}:worker:${id}` };
}

/** A new worker's id: its host and pid for people, and a random tail so a reused pid is a new worker. */
export function newWorkerId(): string {
  return `${hostname()}-${process.pid}-${Math.random().toString(36).slice(2, 6)}`;
}

/**
 * Writes (or renews) a worker's heartbeat, to live `leaseMs`; `pool` false: a worker of fixed
 * stores, which takes no share of a stores file's.
 */
export async function beat(
  redis: RedisClient,
  queuePrefix: string,
  record: WorkerRecord,
  leaseMs: number = LEASE_MS,
  pool = true,
): Promise<void> {
  const keys = workerKeys(queuePrefix);
  await redis
    .multi()
    .set(keys.worker(record.id), JSON.stringify(record), 'PX', leaseMs)
    .sadd(pool ? keys.live : keys.fixed, record.id)
    .exec();
}

/** Removes a worker's heartbeat at once (it stops): the others need not wait for it to lapse. */
export async function leave(redis: RedisClient, queuePrefix: string, id: string): Promise<void> {
  const keys = workerKeys(queuePrefix);
  await redis.multi().del(keys.worker(id)).srem(keys.live, id).srem(keys.fixed, id).exec();
}

/** The live workers, by id; members whose heartbeat lapsed are taken out of the set. */
export function liveWorkers(redis: RedisClient, queuePrefix: string): Promise<WorkerRecord[]> {
  return liveIn(redis, queuePrefix, 'live');
}

/** The live workers, of a stores file's pool or of fixed stores, that serve the store of `scope`. */
export async function servingWorkers(redis: RedisClient, queuePrefix: string, scope: string): Promise<WorkerRecord[]> {
  const all = [...(await liveIn(redis, queuePrefix, 'live')), ...(await liveIn(redis, queuePrefix, 'fixed'))];
  return all.filter((worker) => worker.stores.some((store) => store.scope === scope));
}

async function liveIn(redis: RedisClient, queuePrefix: string, set: 'live' | 'fixed'): Promise<WorkerRecord[]> {
  const keys = workerKeys(queuePrefix);
  const ids = (await redis.smembers(keys[set])).sort();
  if (ids.length === 0) return [];
  const values = await redis.mget(ids.map((id) => keys.worker(id)));
  const lapsed = ids.filter((_, i) => values[i] === null);
  if (lapsed.length > 0) await redis.srem(keys[set], ...lapsed);
  return values.flatMap((value) => (value === null ? [] : [JSON.parse(value) as WorkerRecord]));
}
