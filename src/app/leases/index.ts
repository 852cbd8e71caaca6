/**
 * This worker process's share of the stores of a stores file: it joins the live workers
 * (workers.ts), renews its heartbeat, and says which stores it serves (assign.ts) whenever the
 * live workers change. src/deployment.ts starts and stops the stores' workers to match. A worker
 * of fixed stores (`pool` false) keeps a heartbeat too, naming them: a command that queues rows
 * reads it to know that a worker serves the store.
 */
import { hostname } from 'node:os';
import type { Logger } from '../../log.ts';
import type { RedisClient } from '../../redis.ts';
import { workersOf } from './assign.ts';
import { beat, LEASE_MS, leave, liveWorkers, newWorkerId, renewEvery, type WorkerRecord } from './workers.ts';

export { assignStores, storesOf, workersOf } from './assign.ts';
export { LEASE_MS, liveWorkers, renewEvery, type WorkerRecord } from './workers.ts';

export interface WorkerLeasesOptions {
  redis: () => Promise<RedisClient>;
  queuePrefix: string;
  /** At most this many workers serve one store (STORE_WORKERS). */
  perStore: number;
  /** How long its heartbeat lives (WORKER_LEASE_MS). @defaultValue LEASE_MS */
  leaseMs?: number;
  logger: Logger;
  /**
   * false: a worker of fixed stores (no stores file): its heartbeat only says which stores it
   * serves, and it takes no share of a stores file's. @defaultValue true
   */
  pool?: boolean;
}

export class WorkerLeases {
  readonly id = newWorkerId();
  private readonly record: WorkerRecord;
  /** The live workers' ids as last read, this one always among them. */
  private live: string[] = [];
  private timer: NodeJS.Timeout | null = null;
  private listener: (() => void) | null = null;
  private failing = false;
  /** A renewal under way (with Redis away it waits): the next one is not started beside it. */
  private renewing: Promise<void> | null = null;
  private again: Promise<void> | null = null;

  constructor(private readonly options: WorkerLeasesOptions) {
    this.record = { id: this.id, host: hostname(), pid: process.pid, since: new Date().toISOString(), stores: [] };
  }

  /** Joins the live workers; then renews every third of the lease and calls `onChange` when they change. */
  async join(onChange: () => void): Promise<void> {
    // The first read is the one the caller starts from: only later changes are told.
    await this.renew();
    this.listener = onChange;
    this.timer = setInterval(() => void this.renew(), renewEvery(this.leaseMs));
    this.timer.unref();
  }

  /** Whether this worker takes a share of a stores file's stores (else it serves fixed ones). */
  get pool(): boolean {
    return this.options.pool !== false;
  }

  /** Whether this worker serves the store of `scope`, given the live workers as last read. */
  serves(scope: string): boolean {
    return workersOf(scope, this.live, this.options.perStore).includes(this.id);
  }

  /** The workers that serve a store, as last read (for a log line). */
  workersOf(scope: string): string[] {
    return workersOf(scope, this.live, this.options.perStore);
  }

  get liveCount(): number {
    return this.live.length;
  }

  /** Records the stores this worker serves now, for `status`. */
  async serving(stores: WorkerRecord['stores']): Promise<void> {
    this.record.stores = stores;
    await this.renew();
  }

  /** Leaves at once, so the others take its stores without waiting for its heartbeat to lapse. */
  async leave(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.listener = null;
    await leave(await this.options.redis(), this.options.queuePrefix, this.id);
  }

  private renew(): Promise<void> {
    if (this.renewing) {
      // One more after it, so what changed meanwhile (the stores served) is written too.
      this.again ??= this.renewing.then(() => {
        this.again = null;
        return this.renew();
      });
      return this.again;
    }
    this.renewing = this.renewNow().finally(() => (this.renewing = null));
    return this.renewing;
  }

  private get leaseMs(): number {
    return this.options.leaseMs ?? LEASE_MS;
  }

  private async renewNow(): Promise<void> {
    const { redis, queuePrefix, logger } = this.options;
    try {
      const connection = await redis();
      await beat(connection, queuePrefix, this.record, this.leaseMs, this.pool);
      if (!this.pool) {
        this.live = [this.id];
        this.failing = false;
        return;
      }
      const ids = (await liveWorkers(connection, queuePrefix)).map((worker) => worker.id);
      if (!ids.includes(this.id)) ids.push(this.id);
      ids.sort();
      if (this.failing) logger.info('worker heartbeat renewed again');
      this.failing = false;
      if (ids.join() === this.live.join()) return;
      const before = this.live.length;
      this.live = ids;
      if (before > 0)
        logger.info({ workers: ids.length, worker: this.id }, `the live workers changed: ${ids.length} now`);
      this.listener?.();
    } catch (error) {
      // Redis away: keep serving what it serves; the others cannot take over without Redis either.
      if (!this.failing)
        logger.warn({ err: error }, 'worker heartbeat not renewed (Redis unreachable): serving the same stores');
      this.failing = true;
    }
  }
}
