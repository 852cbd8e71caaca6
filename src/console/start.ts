/**
 * `catalog-sync serve`: the console on the app's store client, ledger and Redis (src/app.ts), so
 * its batches are the same as `import`'s. Returns once it listens; close() stops it.
 */
import type { App } from '../app.ts';
import { scheduleQueue } from '../intake/schedules.ts';
import type { SyncWorker } from '../sync/index.ts';
import { redisServerOf } from '../redis.ts';
import { closeBull } from '../sync/queue/connection.ts';
import { BatchBoard } from './board.ts';
import { HealthWatch, type HealthProbe } from './health.ts';
import { mountQueues, type MountedQueues } from './queues.ts';
import { ConsoleMetrics } from './metrics.ts';
import { batchRunner } from './runner.ts';
import { SchedulePanel } from './schedules.ts';
import { buildConsole } from './server.ts';
import type { StoreRateNow } from './store-panel.ts';

export interface ServeOptions {
  host: string;
  port: number;
  token: string;
  uploadLimitBytes: number;
  /**
   * A throwaway store (`serve --sandbox`, whose app is made with `ledger: false`): no ledger (its
   * memory would outlive the store, as with `import --sandbox`), and with Redis a worker in this
   * process, since no other knows the store.
   */
  sandbox?: boolean;
  /**
   * The metrics /metrics serves. Made before the app when its rate gates are to be timed too
   * (createApp's observeGate); else made here.
   */
  metrics?: ConsoleMetrics;
}

export interface RunningConsole {
  /** Where it listens. */
  url: string;
  /** Where browsers reach it: CONSOLE_URL, else `url`. */
  publicUrl: string;
  close(): Promise<void>;
}

export async function startConsole(app: App, options: ServeOptions): Promise<RunningConsole> {
  const { config, logger } = app;
  const metrics = options.metrics ?? new ConsoleMetrics();
  const rawClient = await app.client();
  // The store's ledger is opened now, so one the console cannot use (taken over by Redis, locked)
  // stops `serve` at start, not its first batch. A rehearsal's app keeps none.
  if (!options.sandbox) await app.ledger();
  const redis = redisServerOf(config) ? await app.queueTarget() : undefined;
  // With Redis, the store's rate (kept there, shared with import and every worker).
  const { rate } = await app.rate();
  const runner = batchRunner({
    runBatch: (request, run) => app.runBatch(request, run),
    queued: redis !== undefined,
    observeStore: (client) => metrics.observeStore(client),
    onNoWorker: (batchId) =>
      logger.warn({ batchId }, 'no worker serves the queue: the batch waits for one (start catalog-sync worker)'),
  });
  // With Redis, a rehearsal's rows need a worker that knows the sandbox: this process runs one.
  // Its rows are this process's: counted here, as a worker counts its own (worker --metrics-port).
  const worker: SyncWorker | null =
    redis && options.sandbox
      ? await app.startWorker({
          observeStore: (client) => metrics.observeStore(client),
          onRowEnded: (outcome, store) => metrics.countRow(store, outcome),
          onBatchReported: (summary) => metrics.observeBatch(summary),
        })
      : null;
  const board = new BatchBoard({
    store: await app.store(),
    runner,
    reportDir: config.reportDir,
    rate,
    metrics,
    onFailure: (batchId, error) => logger.error({ err: error, batchId }, 'console batch could not run'),
  });
  const probes: HealthProbe[] = [{ name: 'store', check: async () => void (await rawClient.authorize()) }];
  if (redis) {
    const connection = await app.redis();
    probes.push({ name: 'redis', check: async () => void (await connection.ping()) });
  }
  const health = new HealthWatch(probes, redis ? [] : ['redis']);
  const schedules = redis ? scheduleQueue(redis, redis.prefix, logger) : null;
  const rateNow = async (): Promise<StoreRateNow> => {
    // The store's rate as kept in Redis now (another command may have set it since start).
    const kept = await app.storeRate();
    if (kept) return { perSecond: kept.rate, source: 'store' };
    const effective = await app.rate();
    return { perSecond: effective.rate, source: effective.source };
  };
  const notifier = await app.notifier();
  // Notifications waiting from earlier runs go out from here too, as they are due.
  await notifier.startDelivery();
  health.start();
  let queues: MountedQueues | null = null;
  const server = await buildConsole({
    token: options.token,
    board,
    health,
    metrics,
    reportDir: config.reportDir,
    uploadLimitBytes: options.uploadLimitBytes,
    maxTextLength: config.maxTextLength,
    mode: runner.mode,
    logger,
    publicUrl: config.consoleUrl,
    notifier,
    panels: {
      schedules: new SchedulePanel({
        jobsDir: config.jobsDir,
        board,
        storeTimeZone: () => app.storeTimeZone(),
        queue: schedules,
        logger,
        notify: notifier,
      }),
      dropDir: config.dropDir,
      store: metrics.observeStore(rawClient),
      rate: rateNow,
    },
    ...(redis
      ? {
          extend: async (server) => {
            queues = await mountQueues(server, redis);
            metrics.watchQueue(board.store, () => queues!.waiting());
          },
        }
      : {}),
  });
  await server.listen({ host: options.host, port: options.port });
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  const url = `http://${host}:${port}`;
  return {
    url,
    publicUrl: config.consoleUrl ?? url,
    close: async () => {
      health.stop();
      await server.close();
      await worker?.close();
      await queues?.close();
      if (schedules) await closeBull(schedules);
    },
  };
}
