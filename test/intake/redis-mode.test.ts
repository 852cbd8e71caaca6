/**
 * The intake with REDIS_URL: `schedule run` enqueues into BullMQ, the sync worker processes the rows
 * with the batch ledger on the Redis ledger store, and a delta re-run sends nothing.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { QUEUE_NAME, storePrefix } from '../../src/sync/queue/keys.ts';
import type { BatchSummary } from '../../src/report/summary.ts';
import { redisLedgerKey } from '../../src/ledger/redis-store.ts';
import { storeScope } from '../../src/store/identity.ts';
import { startWorldStoreWorker } from '../helpers/store-worker.ts';
import { useWorld } from '../helpers/use-world.ts';
import { withRedis } from '../sync/helpers/queue-world.ts';
import { cli, summaryOf } from './cli.ts';
import { createCount, jobsEnv, startWorld, writeCount, writeJob } from './helpers.ts';

/** The intake world on a Redis prefix of its own, with the store's worker (as `catalog-sync worker`) on it. */
const world = useWorld(async () => {
  const intake = withRedis(await startWorld({ redis: true }));
  await startWorldStoreWorker(intake);
  return intake;
});

/** Row jobs BullMQ recorded as added for a batch (its events stream keeps the recent ones). */
async function rowJobsAdded(batchId: string): Promise<number> {
  const events = await world.redis.xrange(`${storePrefix(world.prefix, world.store)}:${QUEUE_NAME}:events`, '-', '+');
  return events.filter(([, fields]) => {
    const event = Object.fromEntries(fields.flatMap((value, i) => (i % 2 === 0 ? [[value, fields[i + 1]]] : [])));
    return event.event === 'added' && event.name === 'row' && String(event.jobId).includes(batchId);
  }).length;
}

it('schedule run through the queue records in the Redis ledger; the delta re-run sends nothing and creates nothing', async () => {
  const env = { ...(await jobsEnv(world)), ...world.redisEnv };
  const sheet = await world.sheet('sheet.csv', ['title,sale_price,category,barcode', 'One,1,1,r1', 'Two,2,1,r2']);
  await writeJob(env.JOBS_DIR!, 'q', ['name: q', `source: ${sheet}`, 'schedule: "0 3 * * *"', 'timezone: UTC']);
  const run = async (): Promise<BatchSummary> => {
    const result = await cli(['schedule', 'run', 'q', '--json'], env);
    if (result.code !== 0) throw new Error(`exit ${result.code}: ${result.stderr}`);
    return summaryOf(result);
  };
  const first = await run();
  expect(first.counts.created).toBe(2);
  // The first run's rows were new: they went through the queue.
  expect(await rowJobsAdded(first.batchId)).toBe(2);
  const ledgerKey = redisLedgerKey(world.prefix, storeScope(world.store));
  expect(await world.redis.hkeys(ledgerKey)).toEqual(expect.arrayContaining(['k:barcode:r1', 'k:barcode:r2']));

  world.sandbox.resetStats();
  const again = await run();
  expect(again.counts.skipped).toBe(2);
  expect(writeCount(world.sandbox)).toBe(0);
  expect(createCount(world.sandbox)).toBe(0);
  // The worker's report counts the unchanged rows and does not list them, as the local one.
  expect(again.skippedUnchanged).toEqual({ count: 2, listed: false, rows: '2-3' });
  // The enqueuer recognised them itself: not one row job of the re-run went on the queue.
  expect(await rowJobsAdded(again.batchId)).toBe(0);
  expect(await rowJobsAdded((await run()).batchId)).toBe(0);
  const results = await readFile(join(again.reportDir, 'results.csv'), 'utf8');
  expect(results.split('\r\n').filter((line) => line !== '')).toHaveLength(1);
  // Nothing secret in the ledger.
  const values = await world.redis.hvals(ledgerKey);
  expect(values.join('')).not.toContain(world.sandbox.password);
});
