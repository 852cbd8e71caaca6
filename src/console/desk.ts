/**
 * A store's desk: what the console holds for one store it serves, on that store's app (src/app.ts:
 * its client, ledger, rate, Redis keys), so its batches are the same as `import`'s. The batch
 * board, the panels (schedules, drop folder, store), the notifier, the health probe and, with
 * Redis, the store's queue on /queues. The console serves one desk, or one per store of the
 * stores file (start.ts); every store-scoped route answers from one desk (scope.ts).
 */
import { keptCategories, type KeptCategories } from './category-cache.ts';
import type { App } from '../app.ts';
import type { UndoRecords } from '../app/undo.ts';
import { DEFAULT_STORE_ID } from '../config.ts';
import { scheduleQueue, type JobRunDeps } from '../intake/schedules.ts';
import { redisJobState } from '../intake/sources/job-state-redis.ts';
import type { Ledger, ProductRecords } from '../ledger/ledger.ts';
import type { Notifier } from '../notify/notifier.ts';
import type { StoreIdentity } from '../store/identity.ts';
import type { StoreApi } from '../store/types.ts';
import type { StoreProfile } from '../stores-file.ts';
import type { SyncWorker } from '../sync/index.ts';
import type { GuardSettings } from '../sync/guard.ts';
import { guardVerdictOf } from '../sync/guard-sheet.ts';
import { DEFAULT_LEDGER_SETTINGS } from '../sync/types.ts';
import type { ReconcileReport } from '../sync/reconcile/run.ts';
import { closeBull } from '../sync/queue/connection.ts';
import { redisServerOf } from '../redis.ts';
import { BatchBoard } from './board.ts';
import type { ConsoleMetrics } from './metrics.ts';
import type { QueueBoard, StoreQueue } from './queues.ts';
import { batchRunner } from './runner.ts';
import { SchedulePanel } from './schedules.ts';
import type { StoreRateNow } from './store-panel.ts';
import { tokenDigest } from './token.ts';

export interface StoreDesk {
  /** The store's id: in the stores file, or `default` for the environment's one store. */
  readonly id: string;
  /** The store's URL and account. */
  readonly store: StoreIdentity;
  /** The store's own names, once a login has said them (the health probe logs in). */
  readonly names: () => { en: string; ar: string } | null;
  /** The digest of the store's own console token (logins.ts); null: the agency's login only. */
  readonly token: Buffer | null;
  readonly board: BatchBoard;
  /** The store's report folder (uploads go under it too). */
  readonly reportDir: string;
  readonly maxTextLength: number;
  /** The store's category list, kept a while (category-cache.ts): names in a sheet are read against it. */
  readonly categories: KeptCategories;
  /** The store's ledger: the records a plan reads (what was created, the values last sent, its products with an id); null in a rehearsal. */
  readonly ledger: (Pick<Ledger, 'getMany' | 'known'> & ProductRecords) | null;
  /** The store's records as a list (undo reads what a batch replaced); null in a rehearsal without a ledger. */
  readonly records: UndoRecords | null;
  /** The product_status that hides a product in the store (HIDDEN_STATUS): an undo's creates get it. */
  readonly hiddenStatus: number | undefined;
  /** When a sheet is held for confirmation (GUARD_*, or the store's own in the stores file). */
  readonly guard: GuardSettings;
  readonly panels: PanelDeps;
  readonly notifier: Notifier;
  /**
   * `reconcile` of one of the store's finished batches (its report folder), on the store's app:
   * its client takes counts, its ledger changes (not with dryRun). A batch of another store throws.
   */
  readonly reconcile: (batchDir: string, dryRun: boolean) => Promise<ReconcileReport>;
  /** Resolves when the store answers (its health probe). */
  readonly checkStore: () => Promise<void>;
  /** Resolves when the store's Redis answers; null without Redis. */
  readonly checkRedis: (() => Promise<void>) | null;
  /** Stops what the desk started; the app is closed by its owner. */
  close(): Promise<void>;
}

/** What the schedules, drop folder and store panels show (panels-api.ts). */
export interface PanelDeps {
  schedules: SchedulePanel;
  dropDir: string;
  /** The console's client of the store (its requests counted in /metrics). */
  store: StoreApi;
  rate: () => Promise<StoreRateNow>;
}

export interface DeskOptions {
  metrics: ConsoleMetrics;
  /** bull-board's /queues with Redis, where the desk shows its store's queue. */
  queues: QueueBoard | null;
  /** The queue's name on /queues: the store's id with a stores file, null for a console of one store. */
  queueLabel: string | null;
  /**
   * A throwaway store (`serve --sandbox`, whose app keeps its ledger in memory: a ledger on disk
   * would outlive the store, as with `import --sandbox`), and with Redis a worker in this
   * process, since no other knows the store.
   */
  sandbox: boolean;
}

export async function openDesk(app: App, profile: StoreProfile | null, options: DeskOptions): Promise<StoreDesk> {
  const { config, logger } = app;
  const { metrics } = options;
  const rawClient = await app.client();
  // The store's ledger is opened now, so one the console cannot use (taken over by Redis, locked)
  // stops `serve` at start (or this store of many), not its first batch. A rehearsal's is in
  // memory (serve's app: `ledger: 'memory'`), as long-lived as its sandbox store.
  const handle = await app.ledger();
  const redis = redisServerOf(config) ? await app.queueTarget() : undefined;
  // With Redis, the store's rate (kept there, shared with import and every worker).
  const { rate } = await app.rate();
  const store = await app.store();
  // One list of the store's categories for the console's uploads, previews and batches.
  const categories = keptCategories(metrics.observeStore(rawClient));
  const runner = batchRunner({
    categories: categories.list,
    runBatch: (request, run) => app.runBatch(request, run),
    queued: redis !== undefined,
    observeStore: (client) => metrics.observeStore(client),
    onNoWorker: (batchId) =>
      logger.warn({ batchId }, 'no worker serves the queue: the batch waits for one (start catalog-sync worker)'),
  });
  // With Redis, a rehearsal's rows need a worker that knows the sandbox: this process runs one.
  // Its rows are this process's: counted here, as a worker counts its own (worker --metrics-port).
  const worker: SyncWorker | null = redis && options.sandbox ? await rehearsalWorker(app, metrics) : null;
  const board = new BatchBoard({
    store,
    runner,
    reportDir: config.reportDir,
    rate,
    metrics,
    onFailure: (batchId, error) => logger.error({ err: error, batchId }, 'console batch could not run'),
  });
  const schedules = redis ? scheduleQueue(redis, redis.prefix, logger) : null;
  // Where the workers keep what each job took and its last download: the panel shows and runs from it.
  const jobState = redis?.shared ? redisJobState(redis.shared, redis.prefix) : null;
  const queue: StoreQueue | null = redis && options.queues ? options.queues.add(redis, options.queueLabel) : null;
  if (queue) metrics.watchQueue(store, () => queue.waiting());
  const notifier = await app.notifier();
  // Notifications waiting from earlier runs go out from here too, as they are due.
  await notifier.startDelivery();
  let names: { en: string; ar: string } | null = null;
  const connection = redis ? await app.redis() : null;
  const guard = {
    priceDrop: config.guardPriceDrop,
    changeShare: config.guardChangeShare,
    minKnown: config.guardMinKnown,
  };
  return {
    id: config.storeId ?? DEFAULT_STORE_ID,
    store,
    names: () => names,
    token: profile?.consoleToken === undefined ? null : tokenDigest(profile.consoleToken),
    board,
    reportDir: config.reportDir,
    maxTextLength: config.maxTextLength,
    categories,
    ledger: handle?.ledger ?? null,
    records: handle?.ledger ?? null,
    hiddenStatus: config.hiddenStatus,
    guard,
    notifier,
    reconcile: (batchDir, dryRun) =>
      app.reconcile(batchDir, {
        dryRun,
        // A report naming no store is never settled here (store-refusal.ts says so in words); the CLI can, on a person's word.
        storeCheck: { allowUnrecorded: false, override: '' },
      }),
    panels: {
      schedules: new SchedulePanel({
        jobsDir: config.jobsDir,
        board,
        storeTimeZone: () => app.storeTimeZone(),
        queue: schedules,
        ...(jobState ? { state: jobState } : {}),
        logger,
        notify: notifier,
        guard: jobGuard(handle?.ledger ?? null, guard, config.maxTextLength),
      }),
      dropDir: config.dropDir,
      store: metrics.observeStore(rawClient),
      rate: () => rateNow(app),
    },
    checkStore: async () => {
      const session = await rawClient.authorize();
      names = { en: session.store.store_name, ar: session.store.store_name_ar };
    },
    checkRedis: connection ? async () => void (await connection.ping()) : null,
    close: async () => {
      metrics.forgetQueue(store);
      await worker?.close();
      await queue?.close();
      if (schedules) await closeBull(schedules);
      await jobState?.close();
    },
  };
}

/** A job that retires is held by the store's guard before it sends, as the CLI holds it. */
function jobGuard(
  records: Parameters<typeof guardVerdictOf>[1],
  guard: GuardSettings,
  maxTextLength: number,
): NonNullable<JobRunDeps['guard']> {
  return (request) =>
    guardVerdictOf(request.file, records, guard, {
      maxTextLength,
      settings: request.ledger ?? DEFAULT_LEDGER_SETTINGS,
      columns: request.columns,
      absent: request.absent,
    });
}

/** The store's rate as kept in Redis now (another command may have set it since start), else the effective one. */
async function rateNow(app: App): Promise<StoreRateNow> {
  const kept = await app.storeRate();
  if (kept) return { perSecond: kept.rate, source: 'store' };
  const effective = await app.rate();
  return { perSecond: effective.rate, source: effective.source };
}

/** A worker in this process for a rehearsal's rows, counted here as a worker counts its own. */
function rehearsalWorker(app: App, metrics: DeskOptions['metrics']): Promise<SyncWorker> {
  return app.startWorker({
    observeStore: (client) => metrics.observeStore(client),
    onRowEnded: (outcome, ended) => metrics.countRow(ended, outcome),
    onBatchReported: (summary) => metrics.observeBatch(summary),
  });
}
