/** The queue worker's collaborators and its handle (worker.ts starts it). */
import type { Logger } from '../../log.ts';
import type { StoreApi } from '../../store/types.ts';
import type { BatchLedgerFactory } from '../../ledger/batch-ledger.ts';
import type { BatchSummary } from '../../report/summary.ts';
import type { Outcome } from '../../outcome.ts';
import type { RedisTarget } from './connection.ts';

export type WorkerDeps = RedisTarget & {
  /**
   * A client whose RateGate is the shared RedisRateGate, so the limit holds across workers. Its
   * store is the only one this worker sends to: `prefix` is that store's (keys.ts storePrefix).
   */
  client: StoreApi;
  /** Requests in flight from this process (CONCURRENCY); see sync/slots.ts. */
  concurrency: number;
  logger?: Logger;
  clock?: () => number;
  batchLedgers?: BatchLedgerFactory;
  /**
   * A batch whose report this worker wrote, or found written when its report job ran again (a
   * worker stopped in between): awaited, and a failure runs the report job again, so what it
   * records (the batch's notification) is recorded at least once.
   */
  onBatchReported?: (summary: BatchSummary) => void | Promise<void>;
  /** A row this worker ended, once recorded (not a re-run's duplicate): the worker's metrics. */
  onRowEnded?: (outcome: Outcome) => void;
  /** How long a job stays locked without a heartbeat before another worker takes it over. @defaultValue ROW_LOCK_MS (20000) */
  lockDurationMs?: number;
  /** How often stalled jobs are looked for. @defaultValue STALLED_CHECK_MS (5000) */
  stalledIntervalMs?: number;
  /** How long a reported batch's state stays in Redis. @defaultValue BATCH_RETENTION_SECONDS (7 days) */
  batchRetentionSeconds?: number;
  /** How long a job of another store's batch waits before it is offered again. @defaultValue 30000 */
  handBackMs?: number;
  /**
   * The BullMQ worker (and its two connections) runs only while the store's queue has rows or a
   * report to take, started when a batch is queued and closed when the queue is empty again
   * (lazy-workers.ts): a `worker` process serving many stores, most of them idle. Needs `shared`.
   * Without it the worker runs from start to close (a command's own, for its batch).
   */
  lazy?: boolean;
};

export interface SyncWorker {
  /** Graceful: waits for active rows to end; with `force`, waits for none (their jobs stall, see stop()). */
  close(force?: boolean): Promise<void>;
  /**
   * Shutdown within a bound: takes no more rows and gives the active ones `graceMs` to end. Those
   * still running then are handed back: no new row starts its store calls, and every connection of
   * this worker is dropped at once (never waiting for Redis, which may be down), so nothing more of
   * them is recorded or completed here. Their jobs keep their lock until it expires
   * (lockDurationMs), and BullMQ's stalled-job check then gives them to another worker, which
   * finds what the ledger knows (a create that left ends `unknown`, never sent twice). Resolves
   * with how many rows were handed back.
   */
  stop(graceMs: number): Promise<{ handedBack: number }>;
  /** Resolves once the worker is connected and taking jobs (lazy: once it is listening for them). */
  ready(): Promise<void>;
  /** Rows running now: none, and a stop has nothing to hand back. */
  active(): number;
}
