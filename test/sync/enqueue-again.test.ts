/**
 * A batch queued again under its own id (a drop file resumed by the next watcher after the one
 * that queued it stopped): a batch already reported stays as it was, its report and counts, and
 * nothing is sent again; one still running is waited for, each row counted once; one whose
 * queueing stopped part-way is queued on, the rows it had counted unchanged not counted again.
 */
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { openSheet, type SheetOpener } from '../../src/sheet/open.ts';
import { BatchState } from '../../src/sync/queue/batch-state.ts';
import { engineKeys } from '../../src/sync/queue/keys.ts';
import { useQueueWorld } from './helpers/queue-world.ts';

const world = useQueueWorld();

const createRows = (tag: string, n: number) => [
  'title,sale_price,category,barcode',
  ...Array.from({ length: n }, (_, i) => `Item ${i},10,1,${tag}-${i}`),
];

const enqueue = (file: string, batchId: string, opener?: SheetOpener) =>
  world.enqueue({ file, batchId }, opener ? { openSheet: opener } : {});

it('a batch already reported, queued again: its summary and counts stay, nothing is sent again', async () => {
  const file = await world.sheet('again.csv', createRows('again', 6));
  const batchId = `again-${randomUUID()}`;
  world.worker();
  await enqueue(file, batchId);
  const first = await world.summaryOf(batchId);
  expect(first.counts.created).toBe(6);

  expect(await enqueue(file, batchId)).toEqual({ batchId, total: 6 });
  const state = await new BatchState(world.redis, engineKeys(world.prefix)).status(batchId);
  expect(state).toMatchObject({ status: 'reported', done: 6, total: 6 });
  expect(state?.counts).toMatchObject({ created: 6, skipped: 0 });
  const again = await world.summaryOf(batchId);
  expect(again).toEqual(first);
  expect(world.sandbox.products()).toHaveLength(6);
});

it('a batch queued again before any worker took it: each row once, one report', async () => {
  const file = await world.sheet('twice.csv', createRows('twice', 5));
  const batchId = `twice-${randomUUID()}`;
  await enqueue(file, batchId);
  await enqueue(file, batchId);
  world.worker();
  const summary = await world.summaryOf(batchId);
  expect(summary.total).toBe(5);
  expect(summary.counts).toMatchObject({ created: 5, skipped: 0 });
  expect(world.sandbox.products()).toHaveLength(5);
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
  const state = new BatchState(world.redis, engineKeys(world.prefix));
  await state.recordUnchanged(batchId, [2, 3]);

  expect(await enqueue(file, batchId)).toEqual({ batchId, total: 6 });
  world.worker();
  const summary = await world.summaryOf(batchId);
  expect(summary.total).toBe(6);
  expect(summary.counts).toMatchObject({ skipped: 2, created: 4 });
  expect(world.sandbox.products().map((p) => p.fields.barcode)).toEqual(['part-2', 'part-3', 'part-4', 'part-5']);
});
