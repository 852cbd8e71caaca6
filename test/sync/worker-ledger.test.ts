/**
 * `catalog-sync worker` (the real CLI) has the store's ledger from the app, with no jobs directory
 * and no schedules: a second create of the same key, in a later batch, is refused by the ledger.
 * Before, the worker got its ledger from the schedules plug-in, and without it created twice.
 */
import { expect, it } from 'vitest';
import { enqueueSync, waitForBatch } from '../../src/sync/index.ts';
import { useCliWorld } from './helpers/cli-world.ts';
import { REDIS_URL } from '../helpers/redis-url.ts';

const t = useCliWorld();

it('has its ledger without schedules: a second create of the same key is refused', async () => {
  const { world, storePrefix: prefix } = t;
  const file = await world.sheet('once.csv', ['title,category,sale_price,barcode', 'Lamp,2,10,ONCE1']);
  const worker = await t.startWorker();
  const sync = async () => {
    const { batchId } = await enqueueSync(
      { file },
      { redisUrl: REDIS_URL, prefix, store: world.store, reportDir: world.dir, rate: 1000 },
    );
    return waitForBatch(batchId, { redisUrl: REDIS_URL, prefix, pollMs: 50 });
  };
  expect((await sync()).counts.created).toBe(1);
  const second = await sync();
  expect(second.counts).toMatchObject({ created: 0, skipped: 1 });
  expect(world.sandbox.products().filter((p) => String(p.fields.barcode) === 'ONCE1')).toHaveLength(1);

  worker.child.kill('SIGTERM');
  expect(await worker.exit()).toBe(0);
});
