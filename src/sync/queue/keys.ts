/**
 * Where the engine keeps its state in Redis. BullMQ's own keys are `<prefix>:rows:*`; the
 * engine's are `<prefix>:engine:*`. Nothing here ever holds a credential or token.
 */
export const QUEUE_NAME = 'rows';

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
  /**
   * Prefix for the rate gate's keys of one store (its scope: ledger/open.ts storeScope). The rate
   * limit is the store's: two stores served from one Redis and prefix never share a window or a rate.
   */
  rate(storeScope: string): string;
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
    rate: (scope) => `${base}:store:${scope}`,
    events: `${base}:events`,
  };
}

/** Where versions before the per-store rate kept the gate and the rate (store-rate.ts adoptLegacyStoreRate). */
export function legacyRatePrefix(prefix: string): string {
  return `${prefix}:engine`;
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
