/**
 * The metrics, defined once, in Prometheus text format (prom-client): the console's /metrics and
 * a worker's (`worker --metrics-port`, metrics-server.ts) serve the same definitions. Each process
 * counts what it did (Prometheus scrapes each and adds them up): the console its own batches and
 * store client; a worker the rows it ended and its store client. Queue depth is read from the
 * queue itself, in the console. Every series carries the store it is about (`store`: its id in the
 * stores file, `default` for the one store the environment configures).
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { OUTCOMES, type Outcome, type OutcomeCounts } from '../outcome.ts';
import type { AttemptCount } from '../notify/attempt-log.ts';
import type { BatchSummary } from '../report/summary.ts';
import type { RateGate } from '../store/rate-gate/gate.ts';
import type { StoreApi } from '../store/types.ts';
import type { StoreIdentity } from '../store/identity.ts';

/** The `store` label: the store's id (`default` for the environment's one store). */
function storeLabel(store: StoreIdentity | undefined): string {
  return store?.id ?? 'default';
}

export class ConsoleMetrics {
  readonly registry = new Registry();
  readonly rows = new Counter({
    name: 'catalog_sync_rows_total',
    help: 'Rows ended, by store and outcome',
    labelNames: ['store', 'outcome'] as const,
    registers: [this.registry],
  });
  readonly storeRequests = new Counter({
    name: 'catalog_sync_store_requests_total',
    help: 'Store calls ended, by store, endpoint and HTTP status (or error code when no answer came)',
    labelNames: ['store', 'endpoint', 'status'] as const,
    registers: [this.registry],
  });
  readonly batchDuration = new Histogram({
    name: 'catalog_sync_batch_duration_seconds',
    help: 'Wall time of finished batches, by store',
    labelNames: ['store'] as const,
    buckets: [1, 5, 15, 60, 300, 900, 3600, 4 * 3600],
    registers: [this.registry],
  });
  readonly rateGateWait = new Histogram({
    name: 'catalog_sync_rate_gate_wait_seconds',
    help: 'Time a store request waited for its rate gate before it could leave, by store',
    labelNames: ['store'] as const,
    buckets: [0.001, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 15, 60],
    registers: [this.registry],
  });
  readonly notifications = new Counter({
    name: 'catalog_sync_notifications_total',
    help: 'Notification delivery attempts, by channel (webhook, email) and result (delivered; retrying: failed, tried again later; given_up: the last attempt failed)',
    labelNames: ['channel', 'result'] as const,
    registers: [this.registry],
  });
  /** Batches this console holds waiting for their turn, by store. */
  private readonly batchesWaiting = new Map<string, number>();
  /** How many row jobs wait on each store's queue (with Redis), read at each scrape. */
  private readonly jobsWaiting = new Map<string, () => Promise<number>>();
  readonly queueDepth = new Gauge({
    name: 'catalog_sync_queue_depth',
    help: 'Batches waiting to start in this console, plus row jobs waiting in the queue (with Redis), by store',
    labelNames: ['store'] as const,
    registers: [this.registry],
    collect: async () => {
      const stores = new Set([...this.batchesWaiting.keys(), ...this.jobsWaiting.keys()]);
      for (const store of stores) {
        const jobs = await (this.jobsWaiting.get(store)?.() ?? Promise.resolve(0)).catch(() => 0);
        this.queueDepth.set({ store }, (this.batchesWaiting.get(store) ?? 0) + jobs);
      }
    },
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry, prefix: 'catalog_sync_' });
  }

  /** A batch of `store` starts waiting for its turn in this console (+1), or stops waiting (-1). */
  batchWaiting(store: StoreIdentity, change: 1 | -1): void {
    const id = storeLabel(store);
    this.batchesWaiting.set(id, (this.batchesWaiting.get(id) ?? 0) + change);
  }

  /** Where the number of row jobs waiting on a store's queue is read, at each scrape. */
  watchQueue(store: StoreIdentity, waiting: () => Promise<number>): void {
    this.jobsWaiting.set(storeLabel(store), waiting);
  }

  /** A store this console no longer serves: its queue is no longer read, nor its depth shown. */
  forgetQueue(store: StoreIdentity): void {
    const id = storeLabel(store);
    this.jobsWaiting.delete(id);
    if (!this.batchesWaiting.get(id)) {
      this.batchesWaiting.delete(id);
      this.queueDepth.remove({ store: id });
    }
  }

  /** Adds the rows of `store` that ended between two progress reports of one batch. */
  countRows(store: StoreIdentity, before: OutcomeCounts, after: OutcomeCounts): void {
    for (const outcome of OUTCOMES) {
      const added = after[outcome] - before[outcome];
      if (added > 0) this.rows.inc({ store: storeLabel(store), outcome }, added);
    }
  }

  /** A batch that ended: its wall time. */
  observeBatch(summary: Pick<BatchSummary, 'startedAt' | 'finishedAt' | 'store'>): void {
    this.batchDuration.observe(
      { store: storeLabel(summary.store) },
      (Date.parse(summary.finishedAt) - Date.parse(summary.startedAt)) / 1000,
    );
  }

  /** One notification delivery attempt this process made. */
  countNotification(count: AttemptCount): void {
    this.notifications.inc({ channel: count.channel, result: count.result });
  }

  /** One row of `store` ended in this process (a worker's rows, one by one). */
  countRow(store: StoreIdentity, outcome: Outcome): void {
    this.rows.inc({ store: storeLabel(store), outcome });
  }

  /**
   * The same rate gate, with the time each request waited for its pass observed. A 429's pause
   * shows here too: the requests it holds wait longer.
   */
  observeGate(gate: RateGate, store: StoreIdentity): RateGate {
    const waited = this.rateGateWait.labels({ store: storeLabel(store) });
    return {
      acquire: async () => {
        const started = performance.now();
        const pass = await gate.acquire();
        waited.observe((performance.now() - started) / 1000);
        return pass;
      },
      pause: (ms) => gate.pause(ms),
    };
  }

  /**
   * The same store client, with each call's endpoint and status counted. Every argument goes through: a write's options carry
   * the ledger's claim (beforeSend), made as the request leaves; without them a create would go
   * out unclaimed.
   */
  observeStore(store: StoreApi): StoreApi {
    const label = storeLabel(store.identity);
    const count = async <T>(endpoint: string, call: () => Promise<T>, statusOf: (t: T) => number): Promise<T> => {
      try {
        const result = await call();
        this.storeRequests.inc({ store: label, endpoint, status: String(statusOf(result)) });
        return result;
      } catch (error) {
        const e = error as { httpStatus?: number; code?: string };
        this.storeRequests.inc({
          store: label,
          endpoint,
          status: e.httpStatus !== undefined ? String(e.httpStatus) : (e.code ?? 'error'),
        });
        throw error;
      }
    };
    const ok = (): number => 200;
    return {
      identity: store.identity,
      // Mostly answered from the cached token, without a request: not counted.
      authorize: () => store.authorize(),
      createProduct: (p, options) =>
        count(
          'create_product',
          () => store.createProduct(p, options),
          (r) => r.httpStatus,
        ),
      updateProduct: (p, options) =>
        count(
          'update_product',
          () => store.updateProduct(p, options),
          (r) => r.httpStatus,
        ),
      setProductStatus: (p, options) =>
        count(
          'products_status',
          () => store.setProductStatus(p, options),
          (r) => r.httpStatus,
        ),
      updateBrand: (p, options) =>
        count(
          'brands',
          () => store.updateBrand(p, options),
          (r) => r.httpStatus,
        ),
      listCategories: () => count('categories', () => store.listCategories(), ok),
      listTaxes: () => count('taxes', () => store.listTaxes(), ok),
      listVouchers: () => count('vouchers', () => store.listVouchers(), ok),
    };
  }
}
