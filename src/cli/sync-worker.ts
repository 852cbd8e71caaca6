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
      });
    });
}

async function runWorker(ctx: CliContext, app: App, redisUrl: string, graceMs: number): Promise<void> {
  const { config, logger } = app;
  const prefix = config.queuePrefix;
  const { startSchedules } = await import('./worker-schedules.ts');
  const schedules = await startSchedules(app, redisUrl);
  const worker = await app.startWorker();
  await worker.ready();
  logger.info({ prefix, rate: config.rate, concurrency: config.concurrency }, 'worker started');
  ctx.printError(
    `worker started (queue prefix ${prefix}, rate ${config.rate}/s, concurrency ${config.concurrency}); Ctrl-C to stop`,
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
