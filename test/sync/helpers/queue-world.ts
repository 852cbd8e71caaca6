/**
 * The worlds of the tests that read or write Redis themselves: the base world's key prefix (its
 * keys deleted at close) with a connection to the shared Redis (quit at close), and for the sync
 * world the engine's three calls (queue a sheet, start a worker, wait for a batch) aimed at that
 * prefix, the world's store and its folder, so a test names only what it does differently.
 */
import { Redis } from 'ioredis';
import type { SandboxOptions } from '../../../src/sandbox/index.ts';
import {
  enqueueSync,
  startSyncWorker,
  waitForBatch,
  type BatchSummary,
  type EnqueueDeps,
  type SyncRequest,
  type SyncWorker,
  type WorkerDeps,
} from '../../../src/sync/index.ts';
import { startBaseWorld, type BaseWorld } from '../../helpers/base-world.ts';
import { REDIS_URL } from '../../helpers/redis-url.ts';
import { useWorld, type UseOptions } from '../../helpers/use-world.ts';
import { startWorld, type World } from './world.ts';

export interface RedisParts {
  redis: Redis;
  /** The world's own key prefix (its queuePrefix). */
  prefix: string;
}

/** A world started with `redis`, with a connection to it that is quit before its keys are deleted. */
export function withRedis<W extends BaseWorld>(world: W): W & RedisParts {
  if (!world.queuePrefix) throw new Error('withRedis wants a world started with redis');
  const redis = new Redis(REDIS_URL);
  world.onClose(() => redis.quit().then(() => undefined));
  return { ...world, redis, prefix: world.queuePrefix };
}

/** A temp folder, a key prefix and a connection: for the ledger and batch state on Redis alone. */
export function useRedisWorld(name: string, options?: UseOptions): BaseWorld & RedisParts {
  return useWorld(async () => withRedis(await startBaseWorld({ name, redis: true })), options);
}

export interface QueueWorld extends World, RedisParts {
  /** enqueueSync into the world's prefix, for its store, reports in its folder, at a rate that never waits. */
  enqueue(request: SyncRequest, more?: Partial<EnqueueDeps>): Promise<{ batchId: string; total: number }>;
  /** A row worker on the world's prefix (4 at a time unless `more` says), closed at the latest with the world. */
  worker(more?: Partial<WorkerDeps>): SyncWorker;
  /** The batch's summary once its report is written. */
  summaryOf(batchId: string): Promise<BatchSummary>;
}

export async function startQueueWorld(options: SandboxOptions = {}): Promise<QueueWorld> {
  const world = withRedis(await startWorld(options, true));
  const target = { redisUrl: REDIS_URL, prefix: world.prefix };
  return {
    ...world,
    enqueue: (request, more = {}) =>
      enqueueSync(request, {
        ...target,
        store: world.store,
        reportDir: world.dir,
        rate: 10_000,
        client: world.client(),
        ...more,
      }),
    worker: (more = {}) => {
      const worker = startSyncWorker({ ...target, client: world.client(), concurrency: 4, ...more });
      world.onClose(() => worker.close());
      return worker;
    },
    summaryOf: (batchId) => waitForBatch(batchId, { ...target, pollMs: 20 }),
  };
}

export function useQueueWorld(options?: SandboxOptions, use?: UseOptions): QueueWorld {
  return useWorld(() => startQueueWorld(options), use);
}
