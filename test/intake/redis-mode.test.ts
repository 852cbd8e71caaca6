/**
 * The intake with REDIS_URL: `schedule run` enqueues into BullMQ, the sync worker processes the rows
 * with the batch ledger on the Redis ledger store, and a delta re-run sends nothing.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { silentLogger } from '../../src/log.ts';
import { createStoreClient } from '../../src/store/index.ts';
import { startSyncWorker, type SyncWorker } from '../../src/sync/index.ts';
import { QUEUE_NAME, storePrefix } from '../../src/sync/queue/keys.ts';
import type { BatchSummary } from '../../src/report/summary.ts';
import { batchLedgersOf } from '../../src/ledger/for-batch.ts';
import { RedisLedger, redisLedgerKey } from '../../src/ledger/redis-store.ts';
import { storeScope } from '../../src/store/identity.ts';
import { cli } from './cli.ts';
import { createCount, startWorld, writeCount, type World } from './helpers.ts';
import { REDIS_URL } from '../helpers/redis-url.ts';

let world: World;
let redis: Redis;
let worker: SyncWorker;
let prefix: string;

beforeEach(async () => {
  world = await startWorld();
  prefix = `test-${randomUUID()}`;
  redis = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
  const client = createStoreClient(
    {
      storeUrl: world.sandbox.url,
      storeEmail: world.sandbox.email,
      storePassword: world.sandbox.password,
      rate: 1_000,
      categoriesMethod: 'POST',
      requestTimeoutMs: 10_000,
      connectTimeoutMs: 2_000,
    },
    { logger: silentLogger },
  );
  const ledger = new RedisLedger(redis, prefix, storeScope({ url: world.sandbox.url, account: world.sandbox.email }));
  worker = startSyncWorker({
    redisUrl: REDIS_URL,
    // Where the CLI's commands queue this store's rows.
    prefix: storePrefix(prefix, { url: world.sandbox.url, account: world.sandbox.email }),
    client,
    concurrency: 4,
    batchLedgers: batchLedgersOf(ledger),
  });
  await worker.ready();
});

afterEach(async () => {
  await worker.close(true);
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
  await world.close();
});

/** Row jobs BullMQ recorded as added for a batch (its events stream keeps the recent ones). */
async function rowJobsAdded(batchId: string): Promise<number> {
  const events = await redis.xrange(
    `${storePrefix(prefix, { url: world.sandbox.url, account: world.sandbox.email })}:${QUEUE_NAME}:events`,
    '-',
    '+',
  );
  return events.filter(([, fields]) => {
    const event = Object.fromEntries(fields.flatMap((value, i) => (i % 2 === 0 ? [[value, fields[i + 1]]] : [])));
    return event.event === 'added' && event.name === 'row' && String(event.jobId).includes(batchId);
  }).length;
}

it('schedule run through the queue records in the Redis ledger; the delta re-run sends nothing and creates nothing', async () => {
  const jobs = join(world.dir, 'jobs');
  await mkdir(jobs, { recursive: true });
  const sheet = join(world.dir, 'sheet.csv');
  await writeFile(sheet, 'title,sale_price,category,barcode\nOne,1,1,r1\nTwo,2,1,r2\n');
  await writeFile(join(jobs, 'q.yaml'), `name: q\nsource: ${sheet}\nschedule: "0 3 * * *"\ntimezone: UTC\n`);
  const env = {
    STORE_URL: world.sandbox.url,
    STORE_EMAIL: world.sandbox.email,
    STORE_PASSWORD: world.sandbox.password,
    REDIS_URL,
    QUEUE_PREFIX: prefix,
    REPORT_DIR: world.reportDir,
    JOBS_DIR: jobs,
  };
  const run = async (): Promise<BatchSummary> => {
    const result = await cli(['schedule', 'run', 'q', '--json'], env);
    if (result.code !== 0) throw new Error(`exit ${result.code}: ${result.stderr}`);
    return JSON.parse(result.stdout) as BatchSummary;
  };
  const first = await run();
  expect(first.counts.created).toBe(2);
  // The first run's rows were new: they went through the queue.
  expect(await rowJobsAdded(first.batchId)).toBe(2);
  const scope = storeScope({ url: world.sandbox.url, account: world.sandbox.email });
  expect(await redis.hkeys(redisLedgerKey(prefix, scope))).toEqual(
    expect.arrayContaining(['k:barcode:r1', 'k:barcode:r2']),
  );

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
  const values = await redis.hvals(redisLedgerKey(prefix, scope));
  expect(values.join('')).not.toContain(world.sandbox.password);
});
