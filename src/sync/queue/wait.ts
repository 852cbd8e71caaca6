/**
 * Waits for a Redis batch to be reported, emitting progress from its counters. Polling (not only
 * pub/sub) so a Redis restart or a missed message never leaves a caller waiting forever.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { problemsIn } from '../tally.ts';
import type { BatchSummary } from '../../report/summary.ts';
import type { ProgressListener } from '../types.ts';
import { BatchState } from './batch-state.ts';
import { silentLogger, type Logger } from '../../log.ts';
import { closeBull, openRedis, type RedisTarget } from './connection.ts';
import { isRedisUnanswered, onBullError } from './redis-outage.ts';
import { REPORT_JOB, REPORT_JOB_OPTIONS } from './jobs.ts';
import { engineKeys, QUEUE_NAME, reportJobId } from './keys.ts';
import type { RedisClient } from '../../redis.ts';
import { rowQueue } from './row-queue.ts';
import { wakeWorkers } from './wake.ts';

export type WaitOptions = RedisTarget & {
  onProgress?: ProgressListener;
  signal?: AbortSignal;
  /** @defaultValue 250 */
  pollMs?: number;
  /** Where a Redis outage is reported. @defaultValue silentLogger */
  logger?: Logger;
};

export class BatchNotFoundError extends Error {
  override readonly name = 'BatchNotFoundError';
  constructor(readonly batchId: string) {
    super(`batch ${batchId} is not in Redis`);
  }
}

export async function waitForBatch(batchId: string, options: WaitOptions): Promise<BatchSummary> {
  const redis = openRedis(options, options.logger);
  const state = new BatchState(redis, engineKeys(options.prefix));
  const pollMs = options.pollMs ?? 250;
  let lastDone = -1;
  let completeSeen = 0;
  try {
    for (;;) {
      options.signal?.throwIfAborted();
      const status = await readAgainLater(() => state.status(batchId), options.logger ?? silentLogger);
      if (status === 'unanswered') {
        await sleep(pollMs, undefined, options.signal ? { signal: options.signal } : undefined);
        continue;
      }
      if (!status) throw new BatchNotFoundError(batchId);
      if (status.status === 'reported' && status.summary) return status.summary;
      if (status.done !== lastDone) {
        lastDone = status.done;
        options.onProgress?.({
          batchId,
          done: status.done,
          total: status.total,
          problems: problemsIn(status.counts),
          counts: status.counts,
        });
      }
      // Every row ended but no report yet for a while: the worker that ended the last row may have
      // died before queueing the report. Queueing it again is harmless (deterministic job id).
      if (status.total !== null && status.done >= status.total && ++completeSeen % Math.ceil(5000 / pollMs) === 0) {
        await requeueReport(options, redis, batchId, options.logger ?? silentLogger);
      }
      await sleep(pollMs, undefined, options.signal ? { signal: options.signal } : undefined);
    }
  } finally {
    await redis.quit().catch(() => redis.disconnect());
  }
}

/**
 * A read Redis did not answer (a cluster failing over, a restart) is asked again at the next poll,
 * never taken for the batch's end: the batch runs on in the workers, and a follower that gave up
 * here would show it failed while it finishes (the console did, until restarted).
 */
async function readAgainLater<T>(read: () => Promise<T>, logger: Logger): Promise<T | 'unanswered'> {
  try {
    return await read();
  } catch (error) {
    if (!isRedisUnanswered(error)) throw error;
    logger.debug({ err: error }, 'batch state not read this time (Redis is away): read again');
    return 'unanswered';
  }
}

async function requeueReport(target: RedisTarget, redis: RedisClient, batchId: string, logger: Logger): Promise<void> {
  const queue = rowQueue(target);
  onBullError(queue, logger, 'report queue');
  try {
    await queue.add(REPORT_JOB, { batchId }, { ...REPORT_JOB_OPTIONS, jobId: reportJobId(batchId) });
    await wakeWorkers(redis, target.prefix, QUEUE_NAME);
  } finally {
    await closeBull(queue);
  }
}

/** Recent batches and their progress, newest first (for `catalog-sync status`). */
export async function listBatches(
  target: RedisTarget,
  limit = 20,
): Promise<NonNullable<Awaited<ReturnType<BatchState['status']>>>[]> {
  const redis = openRedis(target);
  const state = new BatchState(redis, engineKeys(target.prefix));
  try {
    const ids = await state.batchIds(limit);
    const out = [];
    for (const id of ids) {
      const status = await state.status(id);
      if (status) out.push(status);
    }
    return out;
  } finally {
    await redis.quit().catch(() => redis.disconnect());
  }
}
