/**
 * `catalog-sync worker`: processes queued rows until SIGTERM/SIGINT, then shuts down gracefully
 * (active rows finish; after a grace period they are handed back and re-run by another worker).
 * It runs the schedules too. Its store client, ledger and schedules come from the app (src/app.ts).
 * With --metrics-port it serves its own /metrics (the console's definitions) for Prometheus.
 */
import type { Command } from 'commander';
import type { App, WorkerHooks } from '../app.ts';
import type { ConsoleMetrics } from '../console/metrics.ts';
import type { RedisServer } from '../redis.ts';
import { ExitError, type CliContext } from './context.ts';
import { whole } from './flags.ts';
import { untilSignal } from './signals.ts';

interface WorkerFlags {
  grace: string;
  metricsPort?: string;
  metricsHost?: string;
}

export function registerWorkerCommand(program: Command, ctx: CliContext): void {
  program
    .command('worker')
    .description('process queued rows (BullMQ) until SIGTERM/SIGINT; run as many as you like')
    .option('--grace <seconds>', 'on shutdown, wait this long for active rows before handing them back', '30')
    .option('--metrics-port <n>', "serve this worker's Prometheus metrics on GET /metrics (env METRICS_PORT)")
    .option('--metrics-host <address>', 'address the metrics listen on (env METRICS_HOST, default 127.0.0.1)')
    .action(async (flags: WorkerFlags) => {
      const config = await ctx.config();
      const { redisServerOf } = await import('../redis.ts');
      const server = redisServerOf(config);
      if (!server)
        throw new ExitError(2, 'configuration error: REDIS_URL: is not set (the worker reads its rows from Redis)');
      const portText = flags.metricsPort ?? ctx.io.env.METRICS_PORT;
      const metricsPort = portText === undefined || portText === '' ? null : whole('--metrics-port', portText, 0);
      const metricsHost = flags.metricsHost ?? ctx.io.env.METRICS_HOST ?? '127.0.0.1';
      const metrics = metricsPort === null ? null : await newMetrics();
      const graceMs = Math.max(0, Number(flags.grace) || 0) * 1000;
      await ctx.withDeployment(
        async (deployment, config, logger) => {
          const served = metrics ? await listenMetrics(metrics, metricsHost, metricsPort!) : null;
          if (served) ctx.printError(`worker metrics on ${served.url}`);
          try {
            const { settleLegacyQueue } = await import('../intake/legacy-queue.ts');
            await settleLegacyQueue(server, config.queuePrefix, logger);
            await deployment.serve({ start: (app) => startStoreWorker(ctx, app, server, graceMs, hooksOf(metrics)) });
            const signal = await untilSignal();
            logger.info({ signal }, 'worker stopping');
            await deployment.close();
            logger.info('worker stopped');
          } finally {
            await served?.close();
          }
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
      throw new ExitError(2, `cannot serve metrics on ${host}:${port} (${code}); choose another --metrics-port`);
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
      let timer: NodeJS.Timeout | undefined;
      const graceful = worker.close(false);
      const handBack = new Promise<void>((resolve) => {
        timer = setTimeout(() => resolve(worker.close(true)), graceMs);
      });
      await Promise.race([graceful, handBack]);
      clearTimeout(timer);
      await schedules.stop();
    },
  };
}
