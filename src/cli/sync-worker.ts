/**
 * `catalog-sync worker`: processes queued rows until SIGTERM/SIGINT, then shuts down gracefully
 * (active rows finish; after a grace period they are handed back and re-run by another worker).
 * Other command groups (schedules) plug in with addWorkerExtension.
 */
import type { Command } from 'commander';
import type { Config } from '../config.ts';
import type { Logger } from '../log.ts';
import type { BatchLedgerFactory } from '../ledger/batch-ledger.ts';
import { ExitError, type CliContext } from './context.ts';

export interface WorkerEnv {
  config: Config;
  logger: Logger;
  redisUrl: string;
}

/** Started with the worker; returns its stop function. May also supply the batch ledger factory. */
export type WorkerExtension = (env: WorkerEnv) => Promise<{ stop(): Promise<void>; batchLedgers?: BatchLedgerFactory }>;

const extensions: WorkerExtension[] = [];

export function addWorkerExtension(extension: WorkerExtension): void {
  extensions.push(extension);
}

export function registerWorkerCommand(program: Command, ctx: CliContext): void {
  program
    .command('worker')
    .description('process queued rows (BullMQ) until SIGTERM/SIGINT; run as many as you like')
    .option('--grace <seconds>', 'on shutdown, wait this long for active rows before handing them back', '30')
    .action(async (flags: { grace: string }) => {
      const { Redis } = await import('ioredis');
      const { storeClientFromConfig } = await import('../store/client.ts');
      const { RedisRateGate, startSyncWorker } = await import('../sync/index.ts');
      const { engineKeys } = await import('../sync/redis/keys.ts');
      const config = await ctx.config();
      if (!config.redisUrl)
        throw new ExitError(2, 'configuration error: REDIS_URL: is not set (the worker reads its rows from Redis)');
      const logger = await ctx.logger(config);
      const redisUrl = config.redisUrl;
      const prefix = config.queuePrefix;
      const redis = new Redis(redisUrl, { maxRetriesPerRequest: null });
      const client = storeClientFromConfig(config, {
        logger,
        gate: new RedisRateGate({ redis, prefix: engineKeys(prefix).rate, rate: config.rate }),
      });
      const started = await Promise.all(extensions.map((e) => e({ config, logger, redisUrl })));
      const batchLedgers = started.find((s) => s.batchLedgers)?.batchLedgers;
      const worker = startSyncWorker({
        redisUrl,
        prefix,
        client,
        concurrency: config.concurrency,
        logger,
        ...(batchLedgers ? { batchLedgers } : {}),
      });
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
      const graceMs = Math.max(0, Number(flags.grace) || 0) * 1000;
      let timer: NodeJS.Timeout | undefined;
      const graceful = worker.close(false);
      const handBack = new Promise<void>((resolve) => {
        timer = setTimeout(() => resolve(worker.close(true)), graceMs);
      });
      await Promise.race([graceful, handBack]);
      clearTimeout(timer);
      await Promise.all(started.map((s) => s.stop()));
      await redis.quit();
      logger.info('worker stopped');
    });
}
