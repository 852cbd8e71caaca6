/**
 * A batch queued again under its own id (a drop file resumed by the next watcher after the one
 * that queued it stopped): a batch already reported stays as it was, its report and counts, and
 * nothing is sent again; one still running is waited for, each row counted once; one whose
 * queueing stopped part-way is queued on, the rows it had counted unchanged not counted again.
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { openSheet, type SheetOpener } from '../../src/sheet/open.ts';
import { enqueueSync, startSyncWorker, waitForBatch } from '../../src/sync/index.ts';
import { BatchState } from '../../src/sync/queue/batch-state.ts';
import { engineKeys } from '../../src/sync/queue/keys.ts';
import { deleteKeys } from './helpers/redis.ts';
import { startWorld, type World } from './helpers/world.ts';
import { REDIS_URL } from '../helpers/redis-url.ts';

let world: World;
let redis: Redis;
let prefix: string;

beforeEach(async () => {
  world = await startWorld();
  redis = new Redis(REDIS_URL);
  prefix = `test-enqueue-again-${randomUUID()}`;
});
afterEach(async () => {
  await deleteKeys(redis, prefix);
  await redis.quit();
  await world.close();
});

const createRows = (tag: string, n: number) => [
  'title,sale_price,category,barcode',
  ...Array.from({ length: n }, (_, i) => `Item ${i},10,1,${tag}-${i}`),
];

function enqueue(file: string, batchId: string, opener?: SheetOpener) {
  return enqueueSync(
    { file, batchId },
    {
      redisUrl: REDIS_URL,
      prefix,
      store: world.store,
      reportDir: world.dir,
      rate: 10_000,
      client: world.client(),
      ...(opener ? { openSheet: opener } : {}),
    },
  );
}

it('a batch already reported, queued again: its summary and counts stay, nothing is sent again', async () => {
  const file = await world.sheet('again.csv', createRows('again', 6));
  const batchId = `again-${randomUUID()}`;
  const worker = startSyncWorker({ redisUrl: REDIS_URL, prefix, client: world.client(), concurrency: 4 });
  try {
    await enqueue(file, batchId);
    const first = await waitForBatch(batchId, { redisUrl: REDIS_URL, prefix, pollMs: 20 });
    expect(first.counts.created).toBe(6);

    expect(await enqueue(file, batchId)).toEqual({ batchId, total: 6 });
    const state = await new BatchState(redis, engineKeys(prefix)).status(batchId);
    expect(state).toMatchObject({ status: 'reported', done: 6, total: 6 });
    expect(state?.counts).toMatchObject({ created: 6, skipped: 0 });
    const again = await waitForBatch(batchId, { redisUrl: REDIS_URL, prefix, pollMs: 20 });
    expect(again).toEqual(first);
    expect(world.sandbox.products()).toHaveLength(6);
  } finally {
    await worker.close();
  }
});

it('a batch queued again before any worker took it: each row once, one report', async () => {
  const file = await world.sheet('twice.csv', createRows('twice', 5));
  const batchId = `twice-${randomUUID()}`;
  await enqueue(file, batchId);
  await enqueue(file, batchId);
  const worker = startSyncWorker({ redisUrl: REDIS_URL, prefix, client: world.client(), concurrency: 4 });
  try {
    const summary = await waitForBatch(batchId, { redisUrl: REDIS_URL, prefix, pollMs: 20 });
    expect(summary.total).toBe(5);
    expect(summary.counts).toMatchObject({ created: 5, skipped: 0 });
    expect(world.sandbox.products()).toHaveLength(5);
  } finally {
    await worker.close();
  }
});

it('a batch whose queueing stopped part-way is queued on: the rows it counted unchanged are not counted again', async () => {
  const file = await world.sheet('part.csv', createRows('part', 6));
  const batchId = `part-${randomUUID()}`;
  // The process that queued it stopped while reading: the batch exists, unsealed, nothing queued...
  const stopping: SheetOpener = async (path, options) => ({
    ...(await openSheet(path, options)),
    rows: () => ({
      [Symbol.asyncIterator]: () => ({ next: () => Promise.reject(new Error('the process stopped')) }),
    }),
  });
  await expect(enqueue(file, batchId, stopping)).rejects.toThrow('the process stopped');
  // ...but its delta pre-check had counted rows 2 and 3 unchanged (the ledger knew them).
  const state = new BatchState(redis, engineKeys(prefix));
  await state.recordUnchanged(batchId, [2, 3]);

  expect(await enqueue(file, batchId)).toEqual({ batchId, total: 6 });
  const worker = startSyncWorker({ redisUrl: REDIS_URL, prefix, client: world.client(), concurrency: 4 });
  try {
    const summary = await waitForBatch(batchId, { redisUrl: REDIS_URL, prefix, pollMs: 20 });
    expect(summary.total).toBe(6);
    expect(summary.counts).toMatchObject({ skipped: 2, created: 4 });
    expect(world.sandbox.products().map((p) => p.fields.barcode)).toEqual(['part-2', 'part-3', 'part-4', 'part-5']);
  } finally {
    await worker.close();
  }
});
