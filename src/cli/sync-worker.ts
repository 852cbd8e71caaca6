/**
 * `catalog-sync worker`: processes queued rows until SIGTERM/SIGINT, then shuts down within a
 * bound: active rows get the grace period to finish, the ones still running are handed back
 * (another worker takes them over, sync/queue/worker.ts stop()), and the connections get
 * CLOSE_MS more to close; past that the process ends without them (Redis down: they would wait
 * for it). It runs the schedules too. Its store client, ledger and schedules come from the app
 * (src/app.ts). With --metrics-port it serves its own /metrics (the console's definitions).
 */
import type { Command } from 'commander';
import type { App, WorkerHooks } from '../app.ts';
import type { ConsoleMetrics } from '../console/metrics.ts';
import type { RedisServer } from '../redis.ts';
import { ExitError, type CliContext } from './context.ts';
import { whole } from './flags.ts';
import { untilSignal } from './signals.ts';
import { EXIT } from './exit-codes.ts';

/** Default --grace, in seconds: with CLOSE_MS, the whole stop stays under the 30 s supervisors commonly allow. */
export const DEFAULT_GRACE_SECONDS = 20;
/** After the grace period, how long connections and schedules get to close before the process ends without them. */
export const CLOSE_MS = 5_000;

interface WorkerFlags {
  grace: string;
  metricsPort?: string;
  metricsHost?: string;
}

export function registerWorkerCommand(program: Command, ctx: CliContext): void {
  program
    .command('worker')
    .description('process queued rows (BullMQ) until SIGTERM/SIGINT; run as many as you like')
    .option(
      '--grace <seconds>',
      'on SIGTERM/SIGINT, how long active rows get to finish before they are handed back to the queue; the worker exits at most 5 s later',
      String(DEFAULT_GRACE_SECONDS),
    )
    .option('--metrics-port <n>', "serve this worker's Prometheus metrics on GET /metrics (env METRICS_PORT)")
    .option('--metrics-host <address>', 'address the metrics listen on (env METRICS_HOST, default 127.0.0.1)')
    .action(async (flags: WorkerFlags) => {
      const config = await ctx.config();
      const { redisServerOf } = await import('../redis.ts');
      const server = redisServerOf(config);
      if (!server)
        throw new ExitError(
          EXIT.notStarted,
          'configuration error: REDIS_URL: is not set (the worker reads its rows from Redis)',
        );
      const portText = flags.metricsPort ?? ctx.io.env.METRICS_PORT;
      const metricsPort = portText === undefined || portText === '' ? null : whole('--metrics-port', portText, 0);
      const metricsHost = flags.metricsHost ?? ctx.io.env.METRICS_HOST ?? '127.0.0.1';
      const metrics = metricsPort === null ? null : await newMetrics();
      const graceMs = whole('--grace', flags.grace, 0) * 1000;
      await ctx.withDeployment(
        async (deployment, config, logger) => {
          const served = metrics ? await listenMetrics(metrics, metricsHost, metricsPort!) : null;
          if (served) ctx.printError(`worker metrics on ${served.url}`);
          try {
            const { settleLegacyQueue } = await import('../intake/legacy-queue.ts');
            await settleLegacyQueue(server, config.queuePrefix, logger);
            await deployment.serve({ start: (app) => startStoreWorker(ctx, app, server, graceMs, hooksOf(metrics)) });
            const signal = await untilSignal();
            logger.info({ signal, graceSeconds: graceMs / 1000 }, 'worker stopping');
            const closed = await settlesWithin(deployment.close(), graceMs + CLOSE_MS);
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
    });
}

async function newMetrics(): Promise<ConsoleMetrics> {
  const { ConsoleMetrics } = await import('../console/metrics.ts');
  return new ConsoleMetrics();
}

async function listenMetrics(metrics: ConsoleMetrics, host: string, port: number) {
  const { serveMetrics } = await import('../console/metrics-server.ts');
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
): Promise<{ stop(): Promise<void> }> {
  const { config, logger } = app;
  const { startSchedules } = await import('./worker-schedules.ts');
  const { describeStore } = await import('../store/identity.ts');
  const store = await app.store();
  const { prefix } = await app.queueTarget();
  const schedules = await startSchedules(app, server);
  const worker = await app.startWorker(hooks);
  await worker.ready();
  const { rate, source } = await app.rate();
  logger.info({ prefix, rate, rateSource: source, concurrency: config.concurrency }, 'worker started');
  ctx.printError(
    `worker started for ${describeStore(store)} (queue ${prefix}, ${describeRate(rate, source)}, concurrency ${config.concurrency}); Ctrl-C to stop`,
  );
  return {
    async stop() {
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

/** Whether `work` settled within `ms` (a rejection is thrown as it comes). */
async function settlesWithin(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(resolve, ms, false)));
  try {
    return await Promise.race([work.then(() => true), late]);
  } finally {
    clearTimeout(timer);
  }
}
