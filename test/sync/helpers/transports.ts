/**
 * The two transports behind one shape, so the contract suite runs the same cases against both:
 * local (runSync) and redis (enqueueSync + an in-test worker + waitForBatch), the latter on
 * the real Redis under a fresh prefix that is deleted afterwards.
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { runSync, enqueueSync, waitForBatch, startSyncWorker } from '../../../src/sync/index.ts';
import { RedisRateGate } from '../../../src/store/rate-gate/redis.ts';
import type { BatchSummary } from '../../../src/report/summary.ts';
import type { SyncRequest } from '../../../src/sync/types.ts';
import type { SheetOpener } from '../../../src/sheet/open.ts';
import { afterEach, beforeEach, describe } from 'vitest';
import { startWorld, type World } from './world.ts';
import { deleteKeys } from './redis.ts';
import { REDIS_URL } from '../../helpers/redis-url.ts';

export interface RunOptions {
  concurrency?: number;
  rate?: number;
  /** How the sheet is opened (default: the real openSheet). */
  openSheet?: SheetOpener;
}

export interface Transport {
  name: 'local' | 'redis';
  run(world: World, request: SyncRequest, options?: RunOptions): Promise<BatchSummary>;
  cleanup(): Promise<void>;
}

export function localTransport(): Transport {
  return {
    name: 'local',
    run: (world, request, options = {}) =>
      runSync(request, {
        client: world.client(options.rate ? { rate: options.rate } : {}),
        reportDir: world.dir,
        rate: options.rate ?? 10_000,
        concurrency: options.concurrency ?? 4,
        ...(options.openSheet ? { openSheet: options.openSheet } : {}),
      }),
    cleanup: () => Promise.resolve(),
  };
}

export function redisTransport(): Transport {
  const prefix = `test-${randomUUID()}`;
  return {
    name: 'redis',
    async run(world, request, options = {}) {
      const redis = new Redis(REDIS_URL);
      const rate = options.rate ?? 10_000;
      const client = world.client({ gate: new RedisRateGate({ redis, prefix: `${prefix}:engine`, rate }), rate });
      const worker = startSyncWorker({
        redisUrl: REDIS_URL,
        prefix,
        client,
        concurrency: options.concurrency ?? 4,
      });
      try {
        const { batchId } = await enqueueSync(request, {
          redisUrl: REDIS_URL,
          prefix,
          store: world.store,
          reportDir: world.dir,
          rate,
          client,
          ...(options.openSheet ? { openSheet: options.openSheet } : {}),
        });
        return await waitForBatch(batchId, { redisUrl: REDIS_URL, prefix, pollMs: 50 });
      } finally {
        await worker.close();
        await redis.quit();
      }
    },
    async cleanup() {
      const redis = new Redis(REDIS_URL);
      await deleteKeys(redis, prefix);
      await redis.quit();
    },
  };
}

/** What a test on each transport reads inside it: its fresh sandbox world and transport. */
export interface OnTransport {
  world: World;
  transport: Transport;
}

/**
 * The tests `body` declares, in one describe per transport (`title`'s %s names it), each on a
 * fresh sandbox world and transport, cleaned up after it: read `current.world` /
 * `current.transport` inside the tests.
 */
export function describeOnEachTransport(title: string, body: (current: OnTransport) => void): void {
  describe.each([['local'], ['redis']] as const)(title, (name) => body(eachTestOn(name)));
}

function eachTestOn(name: 'local' | 'redis'): OnTransport {
  const current = {} as OnTransport;
  beforeEach(async () => {
    current.world = await startWorld();
    current.transport = name === 'local' ? localTransport() : redisTransport();
  });
  afterEach(async () => {
    await current.transport.cleanup();
    await current.world.close();
  });
  return current;
}
