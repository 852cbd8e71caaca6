/**
 * Where the engine keeps its state in Redis. Every key of one store lives under that store's
 * prefix (storePrefix): BullMQ's own keys are `<store prefix>:rows:*` (and the schedules'
 * `<store prefix>:schedules:*`); the engine's are `<store prefix>:engine:*`; a scheduled job's
 * state is `<store prefix>:jobs:*` (intake/sources/job-state-redis.ts). Nothing here ever holds a
 * credential or token.
 */
import { scopeKeyPrefix, storeScope, type StoreIdentity } from '../../store/identity.ts';

export const QUEUE_NAME = 'rows';

/**
 * `<QUEUE_PREFIX>:{<store scope>}`: one queue, one batch list, one rate gate, one set of drop
 * claims and one ledger per store, so a worker for one store never even sees another store's
 * rows, whatever prefix they share. The braces are a Redis Cluster hash tag
 * (store/identity.ts scopeKeyPrefix): all of a store's keys share one hash slot.
 */
export function storePrefix(queuePrefix: string, store: StoreIdentity): string {
  return scopeKeyPrefix(queuePrefix, storeScope(store));
}

/** The queue prefix and store scope a storePrefix was made of; null for a prefix of another shape. */
export function splitStorePrefix(prefix: string): { queuePrefix: string; scope: string } | null {
  const match = /^(.*):\{([^{}]+)\}$/.exec(prefix);
  return match ? { queuePrefix: match[1]!, scope: match[2]! } : null;
}

export interface EngineKeys {
  /** Hash: batch settings, counters, status, summary. */
  batch(batchId: string): string;
  /** Hash: row -> JSON { result, cells, originalRow }. */
  results(batchId: string): string;
  /** List of row ranges (`from-to`) found unchanged before queueing: counted, not stored row by row. */
  unchanged(batchId: string): string;
  /** Hash: row -> time; a create was sent (or is about to be) for that row. */
  inflight(batchId: string): string;
  /** String: held by the worker taking the batch's category counts before its first create (batch-counts.ts). */
  countsLock(batchId: string): string;
  /** Sorted set of batch ids by start time, for `status`. */
  batches: string;
  /** Prefix of the store's rate gate keys (`<gate>:rate`, `:rate:pause`, `:rate:limit`: store/rate-gate). */
  gate: string;
  /** Pub/sub channel announcing written reports (message: batch id). */
  events: string;
}

export function engineKeys(prefix: string): EngineKeys {
  const base = `${prefix}:engine`;
  return {
    batch: (id) => `${base}:batch:${id}`,
    results: (id) => `${base}:batch:${id}:results`,
    unchanged: (id) => `${base}:batch:${id}:unchanged`,
    inflight: (id) => `${base}:batch:${id}:inflight`,
    countsLock: (id) => `${base}:batch:${id}:counts-lock`,
    batches: `${base}:batches`,
    gate: base,
    events: `${base}:events`,
  };
}

/** One row = one job; the id is deterministic so enqueueing a batch twice never doubles work. */
export function rowJobId(batchId: string, row: number): string {
  return `${batchId}-r${row}`;
}

/** The batch of a rowJobId. */
export function batchOfRowJob(jobId: string): string {
  return jobId.slice(0, jobId.lastIndexOf('-r'));
}

export function reportJobId(batchId: string): string {
  return `${batchId}-report`;
}
