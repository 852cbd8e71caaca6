/**
 * `worker`: processes queued rows until SIGTERM/SIGINT, then stops within a bound (see
 * ../sync-worker.ts); its store client, ledger and schedules come from the app (src/app.ts).
 */
import type { App, WorkerHooks } from '../../app.ts';
import type { SyncWorker } from '../../sync/queue/worker-types.ts';
import { WorkerLeases } from '../../app/leases/index.ts';
import { ConsoleMetrics } from '../../console/metrics.ts';
import { serveMetrics } from '../../console/metrics-server.ts';
import { redisServerOf, type RedisServer } from '../../redis.ts';
import { describeStore } from '../../store/identity.ts';
import { ExitError, type CliContext } from '../context.ts';
import { EXIT } from '../exit-codes.ts';
import { whole } from '../flags.ts';
import { CLOSE_MS, settlesWithin, untilSignal } from '../signals.ts';
import { startSchedules } from '../worker-schedules.ts';

/** How long an idle worker's connections may take to close before it exits without them. */
const IDLE_CLOSE_MS = 1_000;

export interface WorkerFlags {
  grace: string;
  metricsPort?: string;
  metricsHost?: string;
}

export async function runWorker(ctx: CliContext, flags: WorkerFlags): Promise<void> {
  const config = await ctx.config();
  const server = redisServerOf(config);
  if (!server)
    throw new ExitError(
      EXIT.notStarted,
      'configuration error: REDIS_URL: is not set (the worker reads its rows from Redis)',
    );
  const portText = flags.metricsPort ?? ctx.io.env.METRICS_PORT;
  const metricsPort = portText === undefined || portText === '' ? null : whole('--metrics-port', portText, 0);
  const metricsHost = flags.metricsHost ?? ctx.io.env.METRICS_HOST ?? '127.0.0.1';
  const metrics = metricsPort === null ? null : new ConsoleMetrics();
  const graceMs = whole('--grace', flags.grace, 0) * 1000;
  /** Each store's row worker, while it runs: whether any has rows to let end or hand back. */
  const rowWorkers = new Set<Pick<SyncWorker, 'active'>>();
  await ctx.withDeployment(
    async (deployment, _config, logger) => {
      const served = metrics ? await listenMetrics(metrics, metricsHost, metricsPort!) : null;
      if (served) ctx.printError(`worker metrics on ${served.url}`);
      try {
        // With a stores file, this worker serves its share of the stores (src/app/leases); either
        // way its heartbeat names the stores it serves, for the commands that queue their rows.
        const leases = new WorkerLeases({
          redis: () => deployment.connection(),
          queuePrefix: config.queuePrefix,
          perStore: config.storeWorkers,
          leaseMs: config.workerLeaseMs,
          logger,
          pool: Boolean(config.storesOnOffer),
        });
        await deployment.serve(
          { start: (app) => startStoreWorker(ctx, app, server, graceMs, hooksOf(metrics), rowWorkers) },
          leases,
        );
        if (config.storesOnOffer) {
          const served = deployment.storeIds;
          const line = `worker started as ${leases.id}: serves ${served.length} of ${config.storesOnOffer.ids.length} stores (${served.join(', ') || 'none'}) with ${leases.liveCount} live workers, STORE_WORKERS ${config.storeWorkers}`;
          logger.info({ worker: leases.id, stores: served }, line);
          ctx.printError(line);
        }
        const signal = await untilSignal();
        logger.info({ signal, graceSeconds: graceMs / 1000 }, 'worker stopping');
        // An idle worker has nothing to hand back: it does not wait out the grace period for its
        // connections, which wait for Redis while it is down.
        const idle = [...rowWorkers].every((worker) => worker.active() === 0);
        const closed = await settlesWithin(deployment.close(), idle ? IDLE_CLOSE_MS : graceMs + CLOSE_MS);
        if (closed) logger.info('worker stopped');
        else
          logger.warn(
            { closeSeconds: CLOSE_MS / 1000 },
            'worker stopped with connections still waiting for Redis: exiting without them',
          );
      } finally {
        await served?.close();
      }
      // Stopped: whatever is still open (connections waiting for Redis, the jobs of rows handed
      // back) would keep the process alive, and nothing of it is needed any more.
      ctx.exit(0);
    },
    {
      service: true,
      ...(metrics
        ? {
            options: {
              observeGate: (gate, store) => metrics.observeGate(gate, store),
              onNotificationAttempt: (count) => metrics.countNotification(count),
            },
          }
        : {}),
    },
  );
}

async function listenMetrics(metrics: ConsoleMetrics, host: string, port: number) {
  try {
    return await serveMetrics(metrics, host, port);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE' || code === 'EADDRNOTAVAIL' || code === 'EACCES')
      throw new ExitError(
        EXIT.notStarted,
        `cannot serve metrics on ${host}:${port} (${code}); choose another --metrics-port`,
      );
    throw error;
  }
}

/** The rows, store requests and batch durations this worker counts, when it serves metrics. */
function hooksOf(metrics: ConsoleMetrics | null): WorkerHooks {
  if (!metrics) return {};
  return {
    observeStore: (client) => metrics.observeStore(client),
    onRowEnded: (outcome, store) => metrics.countRow(store, outcome),
    onBatchReported: (summary) => metrics.observeBatch(summary),
  };
}

/** Where the rate comes from, in the words `worker` and `status` use. */
export function describeRate(rate: number, source: 'given' | 'store' | 'default'): string {
  if (source === 'given') return `rate ${rate}/s, set now for every worker of this store`;
  if (source === 'store') return `rate ${rate}/s, the store's (set by import --rate or RATE)`;
  return `rate ${rate}/s, the default (none set: import --rate or RATE sets it for every worker)`;
}

/**
 * One store's part of the worker: its schedules and its row worker. Stopping it gives active rows
 * the grace period to end, then hands the rest back to the queue (another worker re-runs them).
 */
async function startStoreWorker(
  ctx: CliContext,
  app: App,
  server: RedisServer,
  graceMs: number,
  hooks: WorkerHooks,
  rowWorkers: Set<Pick<SyncWorker, 'active'>>,
): Promise<{ stop(): Promise<void> }> {
  const { config, logger } = app;
  const store = await app.store();
  const { prefix } = await app.queueTarget();
  const schedules = await startSchedules(app, server);
  // Its BullMQ worker runs only while the store has rows queued: an idle store costs nothing.
  const worker = await app.startWorker({ ...hooks, lazy: true });
  await worker.ready();
  rowWorkers.add(worker);
  const { rate, source } = await app.rate();
  logger.info({ prefix, rate, rateSource: source, concurrency: config.concurrency }, 'worker started');
  ctx.printError(
    `worker started for ${describeStore(store)} (queue ${prefix}, ${describeRate(rate, source)}, concurrency ${config.concurrency}); Ctrl-C to stop`,
  );
  return {
    async stop() {
      rowWorkers.delete(worker);
      const { handedBack } = await worker.stop(graceMs);
      if (handedBack > 0)
        logger.warn(
          { handedBack, graceSeconds: graceMs / 1000 },
          `${handedBack} rows did not end within the grace period: handed back; another worker takes them over once their lock expires (30 s)`,
        );
      await schedules.stop();
    },
  };
}
