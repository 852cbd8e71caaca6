/**
 * Redis keeps a batch's state only for the retention once its report is written: every key of
 * the batch (its hash, results, in-flight markers) carries an expiry, and once it has passed
 * nothing of the batch is left; the ledger stays.
 */
import { expect, it } from 'vitest';
import { BATCH_RETENTION_SECONDS } from '../../src/sync/queue/batch-state.ts';
import { engineKeys } from '../../src/sync/queue/keys.ts';
import { RedisLedger, redisLedgerKey } from '../../src/ledger/redis-store.ts';
import { batchLedgersOf } from '../../src/ledger/for-batch.ts';
import { useQueueWorld } from './helpers/queue-world.ts';
import { until } from '../helpers/until.ts';

const world = useQueueWorld();

async function syncOnce(retentionSeconds?: number): Promise<string> {
  const file = await world.sheet('p.csv', [
    'title,title_ar,category,sale_price,barcode',
    'Tea,شاي,2,5,R1',
    'Coffee,قهوة,2,7,R2',
    ',,,,R3',
    // No key value: the ledger cannot claim it, so its create leaves an in-flight marker.
    'Juice,عصير,2,6,',
  ]);
  const batchLedgers = batchLedgersOf(new RedisLedger(world.redis, world.prefix, 'scope'));
  const worker = world.worker({
    concurrency: 2,
    batchLedgers,
    ...(retentionSeconds === undefined ? {} : { batchRetentionSeconds: retentionSeconds }),
  });
  try {
    const { batchId } = await world.enqueue({ file }, { batchLedgers });
    const summary = await world.summaryOf(batchId);
    expect(summary.counts.created).toBe(3);
    return batchId;
  } finally {
    await worker.close();
  }
}

it('every key of a batch carries the documented expiry once its report is written', async () => {
  const { redis, prefix } = world;
  const batchId = await syncOnce();
  const keys = engineKeys(prefix);
  for (const key of [keys.batch(batchId), keys.results(batchId), keys.inflight(batchId), keys.batches]) {
    expect(await redis.exists(key), key).toBe(1);
    const ttl = await redis.ttl(key);
    expect(ttl, key).toBeGreaterThan(BATCH_RETENTION_SECONDS - 600);
    expect(ttl, key).toBeLessThanOrEqual(BATCH_RETENTION_SECONDS);
  }
  // The ledger is what is kept.
  expect(await redis.ttl(redisLedgerKey(prefix, 'scope'))).toBe(-1);
});

it('once the retention has passed, nothing of the batch is left in Redis but the ledger', async () => {
  const { redis, prefix } = world;
  await syncOnce(1);
  await until(async () => (await redis.keys(`${prefix}:engine:*`)).length === 0, 'the batch state to expire');
  expect(await redis.hlen(redisLedgerKey(prefix, 'scope'))).toBe(2);
  // Of the queue, only BullMQ's own small keys: no row job is kept, and the event stream is short.
  const queueKeys = (await redis.keys(`${prefix}:rows:*`)).map((key) => key.slice(`${prefix}:rows:`.length));
  expect(queueKeys.filter((key) => /-r\d+$/.test(key))).toEqual([]);
  expect(await redis.xlen(`${prefix}:rows:events`)).toBeLessThanOrEqual(500 + 100);
  expect(await redis.hget(`${prefix}:rows:meta`, 'opts.maxLenEvents')).toBe('500');
});
