/**
 * `catalog-sync worker` (the real CLI) stopped with SIGTERM mid-batch: it finishes its active rows,
 * exits 0, and a worker started later completes the batch. Unlike a SIGKILL, a graceful stop
 * leaves no create in doubt: no row is `unknown`, every product exists exactly once.
 */
import { expect, it } from 'vitest';
import { enqueueSync, waitForBatch } from '../../src/sync/index.ts';
import { engineKeys } from '../../src/sync/queue/keys.ts';
import { useCliWorld } from './helpers/cli-world.ts';
import { until } from '../helpers/until.ts';
import { REDIS_URL } from '../helpers/redis-url.ts';

const CREATES = 60;
const t = useCliWorld({ latencyMs: 40 });
const startCliWorker = () => t.startWorker({ RATE: '1000', CONCURRENCY: '4' }, ['--grace', '30']);

it('a worker stopped with SIGTERM finishes its active rows and exits 0; the batch completes with no row in doubt', async () => {
  const { world, storePrefix: prefix, redis } = t;
  const lines = Array.from({ length: CREATES }, (_, i) => `Item ${i},صنف ${i},2,${10 + i},TERM${i}`);
  const file = await world.sheet('term.csv', ['title,title_ar,category,sale_price,barcode', ...lines]);

  const first = await startCliWorker();
  const { batchId } = await enqueueSync(
    { file },
    { redisUrl: REDIS_URL, prefix, store: world.store, reportDir: world.dir, rate: 1000 },
  );
  const results = engineKeys(prefix).results(batchId);
  await until(async () => (await redis.hlen(results)) >= 10, '10 row results');

  first.child.kill('SIGTERM');
  expect(await first.exit()).toBe(0);
  const doneAtStop = await redis.hlen(results);
  expect(doneAtStop).toBeLessThan(CREATES); // it stopped mid-batch

  await startCliWorker();
  const summary = await waitForBatch(batchId, { redisUrl: REDIS_URL, prefix, pollMs: 50 });
  expect(summary.total).toBe(CREATES);
  expect(summary.counts.created).toBe(CREATES);
  expect(summary.counts.unknown).toBe(0);
  const barcodes = world.sandbox.products().map((p) => String(p.fields.barcode));
  expect(barcodes.filter((b) => b.startsWith('TERM')).sort()).toEqual(lines.map((_, i) => `TERM${i}`).sort());
});
