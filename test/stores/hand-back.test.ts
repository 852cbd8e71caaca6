/**
 * The safety net behind one queue per store: a row job that still reaches a worker of another
 * store (here: two stores' rows deliberately queued under one key prefix) is handed back to the
 * queue unsent and logged, and a worker of its own store then syncs it.
 */
import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { Redis } from 'ioredis';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createLogger } from '../../src/log.ts';
import { enqueueSync, startSyncWorker, waitForBatch, type SyncWorker } from '../../src/sync/index.ts';
import { deleteKeys } from '../sync/helpers/redis.ts';
import { startWorld, type World } from '../sync/helpers/world.ts';
import { until } from '../helpers/until.ts';
import { REDIS_URL } from '../helpers/redis-url.ts';

let storeA: World;
let storeB: World;
let prefix: string;
const workers: SyncWorker[] = [];

beforeEach(async () => {
  storeA = await startWorld();
  storeB = await startWorld();
  prefix = `test-${randomUUID()}`;
});
afterEach(async () => {
  for (const worker of workers.splice(0)) await worker.close(true);
  const redis = new Redis(REDIS_URL);
  await deleteKeys(redis, prefix);
  await redis.quit();
  await storeA.close();
  await storeB.close();
});

function capturedLog(): { logger: ReturnType<typeof createLogger>; lines: () => Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean))
        lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { logger: createLogger({ level: 'info', destination }), lines: () => lines };
}

it("hands another store's rows back unsent, and their own store's worker syncs them", async () => {
  const log = capturedLog();
  const workerA = startSyncWorker({
    redisUrl: REDIS_URL,
    prefix,
    client: storeA.client(),
    concurrency: 2,
    logger: log.logger,
    handBackMs: 100,
  });
  workers.push(workerA);
  await workerA.ready();
  const sheet = await storeB.sheet('b.csv', [
    'title,category,sale_price,barcode',
    ...Array.from({ length: 5 }, (_, i) => `B item ${i},1,${i + 1},B-${i}`),
  ]);
  const { batchId } = await enqueueSync(
    { file: sheet },
    { redisUrl: REDIS_URL, prefix, store: storeB.store, client: storeB.client(), reportDir: storeB.dir, rate: 1000 },
  );

  const handedBack = () =>
    log.lines().find((line) => typeof line.msg === 'string' && line.msg.includes('handed back unsent'));
  await until(() => handedBack() !== undefined, 'the worker of store A to hand the rows back');
  expect(handedBack()).toMatchObject({ level: 50, batchId, batchStore: { url: storeB.sandbox.url } });
  expect(String(handedBack()!.msg)).toContain(storeA.sandbox.url);

  const workerB = startSyncWorker({ redisUrl: REDIS_URL, prefix, client: storeB.client(), concurrency: 2 });
  workers.push(workerB);
  const summary = await waitForBatch(batchId, { redisUrl: REDIS_URL, prefix, pollMs: 50 });

  expect(summary.counts.created).toBe(5);
  expect(summary.store).toMatchObject({ url: storeB.sandbox.url, account: storeB.sandbox.email });
  expect(
    storeB.sandbox
      .products()
      .map((p) => p.fields.barcode)
      .sort(),
  ).toEqual(['B-0', 'B-1', 'B-2', 'B-3', 'B-4']);
  // Store A saw no write at all: not a create, not an update, not a categories count for B's batch.
  expect(storeA.sandbox.products()).toHaveLength(0);
  expect(storeA.sandbox.requestCount('/v1/create_product')).toBe(0);
  expect(storeA.sandbox.requestCount('/v1/categories')).toBe(0);
});
