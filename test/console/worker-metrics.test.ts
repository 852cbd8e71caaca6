/**
 * `catalog-sync worker --metrics-port`: the real CLI worker on the real Redis, syncing to the
 * sandbox store over HTTP, serves its own /metrics: the rows it ended by outcome, its store
 * requests by endpoint and status, its waits at the rate gate and the batch it reported.
 */
import { expect, it } from 'vitest';
import { enqueueSync, waitForBatch } from '../../src/sync/index.ts';
import { until } from '../helpers/until.ts';
import { useCliWorld } from '../sync/helpers/cli-world.ts';
import { REDIS_URL } from '../helpers/redis-url.ts';

const t = useCliWorld();

/** The value of one sample line, or 0 when the series is not there yet. */
function sample(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

it('counts the rows, store requests, rate-gate waits and batch it worked on', async () => {
  const { world, storePrefix: prefix } = t;
  const missing = world.sandbox.seedProduct({ title: 'Seed', sale_price: 1, category: 1 }).product_id + 1000;
  const file = await world.sheet('metrics.csv', [
    'title,category,sale_price,barcode,product_id',
    'Lamp,2,10,M-1,',
    'Desk,2,40,M-2,',
    `,,15,,${missing}`,
  ]);
  const worker = await t.startWorker({}, ['--grace', '5', '--metrics-port', '0']);
  const url = /worker metrics on (http:\/\/127\.0\.0\.1:\d+\/metrics)/.exec(worker.all())?.[1];
  expect(url).toBeDefined();
  const before = await (await fetch(url!)).text();
  expect(sample(before, 'catalog_sync_rows_total{store="default",outcome="created"}')).toBe(0);

  const { batchId } = await enqueueSync(
    { file },
    { redisUrl: REDIS_URL, prefix, store: world.store, reportDir: world.dir, rate: 1000 },
  );
  const summary = await waitForBatch(batchId, { redisUrl: REDIS_URL, prefix, pollMs: 50 });
  expect(summary.counts).toMatchObject({ created: 2, failed: 1 });

  let text = '';
  // The report is written before the worker observes the batch's duration: wait for that line.
  await until(async () => {
    text = await (await fetch(url!)).text();
    return sample(text, 'catalog_sync_batch_duration_seconds_count{store="default"}') === 1;
  }, 'the worker to count the batch it reported');
  expect(sample(text, 'catalog_sync_rows_total{store="default",outcome="created"}')).toBe(2);
  expect(sample(text, 'catalog_sync_rows_total{store="default",outcome="failed"}')).toBe(1);
  expect(
    sample(text, 'catalog_sync_store_requests_total{store="default",endpoint="create_product",status="200"}'),
  ).toBe(2);
  expect(
    sample(text, `catalog_sync_store_requests_total{store="default",endpoint="update_product",status="404"}`) +
      sample(text, `catalog_sync_store_requests_total{store="default",endpoint="update_product",status="400"}`),
  ).toBeGreaterThanOrEqual(1);
  expect(sample(text, 'catalog_sync_rate_gate_wait_seconds_count{store="default"}')).toBeGreaterThanOrEqual(3);
  for (const secret of [world.sandbox.password]) expect(text).not.toContain(secret);

  worker.child.kill('SIGTERM');
  expect(await worker.exit()).toBe(0);
});

it('refuses a metrics port in use, with exit code 2 and a message naming it', async () => {
  const first = await t.startWorker({}, ['--grace', '5', '--metrics-port', '0']);
  const port = /worker metrics on http:\/\/127\.0\.0\.1:(\d+)\/metrics/.exec(first.all())![1]!;
  const second = t.cli(['worker', '--metrics-port', port]);
  expect(await second.exit()).toBe(2);
  expect(second.err()).toContain(`cannot serve metrics on 127.0.0.1:${port}`);
  first.child.kill('SIGTERM');
  expect(await first.exit()).toBe(0);
});
