/**
 * `catalog-sync worker`: processes queued rows until SIGTERM/SIGINT, then shuts down gracefully
 * (active rows finish; after a grace period they are handed back and re-run by another worker).
 * It runs the schedules too. Its store client, ledger and schedules come from the app (src/app.ts).
 */
import type { Command } from 'commander';
import type { App } from '../app.ts';
import { ExitError, type CliContext } from './context.ts';

export function registerWorkerCommand(program: Command, ctx: CliContext): void {
  program
    .command('worker')
    .description('process queued rows (BullMQ) until SIGTERM/SIGINT; run as many as you like')
    .option('--grace <seconds>', 'on shutdown, wait this long for active rows before handing them back', '30')
    .action(async (flags: { grace: string }) => {
      const config = await ctx.config();
      if (!config.redisUrl)
        throw new ExitError(2, 'configuration error: REDIS_URL: is not set (the worker reads its rows from Redis)');
      const redisUrl = config.redisUrl;
      await ctx.withApp((app) => runWorker(ctx, app, redisUrl, Math.max(0, Number(flags.grace) || 0) * 1000), {
        config,
        service: true,
      });
    });
}

/** Where the rate comes from, in the words `worker` and `status` use. */
export function describeRate(rate: number, source: 'given' | 'store' | 'default'): string {
  if (source === 'given') return `rate ${rate}/s, set now for every worker of this store`;
  if (source === 'store') return `rate ${rate}/s, the store's (set by import --rate or RATE)`;
  return `rate ${rate}/s, the default (none set: import --rate or RATE sets it for every worker)`;
}

async function runWorker(ctx: CliContext, app: App, redisUrl: string, graceMs: number): Promise<void> {
  const { config, logger } = app;
  const prefix = config.queuePrefix;
  const { startSchedules } = await import('./worker-schedules.ts');
  const schedules = await startSchedules(app, redisUrl);
  const worker = await app.startWorker();
  await worker.ready();
  const { rate, source } = await app.rate();
  logger.info({ prefix, rate, rateSource: source, concurrency: config.concurrency }, 'worker started');
  ctx.printError(
    `worker started (queue prefix ${prefix}, ${describeRate(rate, source)}, concurrency ${config.concurrency}); Ctrl-C to stop`,
  );
  const signal = await new Promise<NodeJS.Signals>((resolve) => {
    process.once('SIGTERM', () => resolve('SIGTERM'));
    process.once('SIGINT', () => resolve('SIGINT'));
  });
  logger.info({ signal }, 'worker stopping');
  let timer: NodeJS.Timeout | undefined;
  const graceful = worker.close(false);
  const handBack = new Promise<void>((resolve) => {
    timer = setTimeout(() => resolve(worker.close(true)), graceMs);
  });
  await Promise.race([graceful, handBack]);
  clearTimeout(timer);
  await schedules.stop();
  logger.info('worker stopped');
}
