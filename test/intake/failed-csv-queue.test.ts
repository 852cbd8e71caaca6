/**
 * A re-run of an edited failed.csv through the queue records the ledger's rows where the person
 * first saw them, as a local one does (failed-csv.test.ts): the worker hands the row
 * processor the row's first number.
 */
import { randomUUID } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { batchLedgersOf } from '../../src/ledger/for-batch.ts';
import { RedisLedger } from '../../src/ledger/redis-store.ts';
import type { BatchSummary } from '../../src/report/summary.ts';
import { createStoreClient } from '../../src/store/index.ts';
import { storeScope } from '../../src/store/identity.ts';
import { startSyncWorker, type SyncWorker } from '../../src/sync/index.ts';
import { storePrefix } from '../../src/sync/queue/keys.ts';
import { deleteKeys } from '../sync/helpers/redis.ts';
import { cli, useSandboxCli } from './cli.ts';
import { REDIS_URL } from '../helpers/redis-url.ts';

const t = useSandboxCli('failed-csv-queue');
let prefix: string;
let redis: Redis;
let worker: SyncWorker;

beforeEach(async () => {
  prefix = `test-${randomUUID()}`;
  redis = new Redis(REDIS_URL);
  const store = { url: t.sandbox.url, account: t.sandbox.email };
  const client = createStoreClient({
    storeUrl: t.sandbox.url,
    storeEmail: t.sandbox.email,
    storePassword: t.sandbox.password,
    rate: 1000,
    categoriesMethod: 'POST',
    requestTimeoutMs: 5000,
    connectTimeoutMs: 2000,
  });
  // What `catalog-sync worker` runs for this store: its queue, its Redis ledger.
  worker = startSyncWorker({
    redisUrl: REDIS_URL,
    prefix: storePrefix(prefix, store),
    client,
    concurrency: 2,
    batchLedgers: batchLedgersOf(new RedisLedger(redis, prefix, storeScope(store))),
  });
  await worker.ready();
});
afterEach(async () => {
  await worker.close(true);
  await deleteKeys(redis, prefix);
  await redis.quit();
});

it('an edited failed.csv re-run through the queue is recorded under the rows the person first saw', async () => {
  const env = { ...t.env, REDIS_URL, QUEUE_PREFIX: prefix };
  const sheet = join(t.dir, 'new.csv');
  await writeFile(sheet, 'title,sale_price,category,barcode\nGood,10,1,q1\nTypo,12.5O,1,q2\nLost,5,99,q4\n');
  const first = await cli(['import', sheet, '--json'], env);
  expect(first.code).toBe(1);
  const batch = JSON.parse(first.stdout) as BatchSummary;
  const failedCsv = join(batch.reportDir, 'failed.csv');
  const lines = (await readFile(failedCsv, 'utf8')).slice(1).split('\r\n');
  await writeFile(failedCsv, [lines[0], 'Typo,12.50,1,q2,3,,', 'Lost,5,2,q4,4,,', ''].join('\r\n'));

  const edited = await cli(['rerun', failedCsv, '--json'], env);
  expect(edited.code, edited.stderr).toBe(0);
  const rerun = JSON.parse(edited.stdout) as BatchSummary;
  expect(rerun.counts.created).toBe(2);
  const q2 = await cli(['ledger', 'show', 'q2'], env);
  expect(q2.stdout).toContain(`synced: the store confirmed it (batch ${rerun.batchId}, row 3)`);
  const q4 = await cli(['ledger', 'show', 'q4'], env);
  expect(q4.stdout).toContain(`synced: the store confirmed it (batch ${rerun.batchId}, row 4)`);
});
