/**
 * Both transports count each category's products (product_total) just before a batch's first
 * create leaves and again after its last row, and write both into summary.json; a batch that
 * sends no create makes no categories call. The sandbox's request log is the judge.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BatchSummary } from '../../src/report/summary.ts';
import { RedisRateGate } from '../../src/store/rate-gate/redis.ts';
import { describeOnEachTransport } from './helpers/transports.ts';
import { useQueueWorld } from './helpers/queue-world.ts';
import type { World } from './helpers/world.ts';

const HEADER = 'product_id,title,category,sale_price,barcode';

/** The paths the store was asked, in order, but its logins. */
const storePaths = (world: World): string[] =>
  world.sandbox
    .requests()
    .map((r) => r.path)
    .filter((p) => p !== '/v1/authorization');

async function written(summary: BatchSummary): Promise<BatchSummary> {
  return JSON.parse(await readFile(join(summary.reportDir, 'summary.json'), 'utf8')) as BatchSummary;
}

describeOnEachTransport('%s transport', (current) => {
  it('records the counts before the first create and after the last row', async () => {
    const { world, transport } = current;
    const seeded = world.sandbox.seedProduct({ title: 'Old', sale_price: 1, category: 2 });
    const file = await world.sheet('creates.csv', [
      HEADER,
      ',A,1,1,c1',
      ',B,1,2,c2',
      `${seeded.product_id},Old renamed,,3,`,
      ',C,2,3,c3',
      ',D,1,4,c4',
    ]);
    const summary = await transport.run(world, { file }, { concurrency: 3 });
    expect(summary.counts).toMatchObject({ created: 4, updated: 1 });
    const counts = (await written(summary)).categoryCounts;
    expect(counts?.problem).toBeUndefined();
    expect(counts?.before?.totals).toMatchObject({ '1': 0, '2': 1 });
    expect(counts?.after?.totals).toMatchObject({ '1': 3, '2': 2 });
    expect(summary.categoryCounts).toEqual(counts);

    const paths = storePaths(world);
    expect(paths.filter((p) => p === '/v1/categories')).toHaveLength(2);
    expect(paths.indexOf('/v1/categories')).toBeLessThan(paths.indexOf('/v1/create_product'));
    expect(paths.at(-1)).toBe('/v1/categories');
  });

  it('makes no categories call for a batch that sends no create', async () => {
    const { world, transport } = current;
    const seeded = world.sandbox.seedProduct({ title: 'Old', sale_price: 1, category: 2 });
    const file = await world.sheet('updates.csv', [HEADER, `${seeded.product_id},New,,3,`]);
    const summary = await transport.run(world, { file });
    expect(summary.counts.updated).toBe(1);
    expect('categoryCounts' in (await written(summary))).toBe(false);
    expect(world.sandbox.requestCount('/v1/categories')).toBe(0);
  });
});

describe('the queue with two workers', () => {
  const world = useQueueWorld({ latencyMs: 20 });

  it('takes the counts once, before either worker sends a create, and once after', async () => {
    const client = () =>
      world.client({
        gate: new RedisRateGate({ redis: world.redis, prefix: `${world.prefix}:engine`, rate: 10_000 }),
        rate: 10_000,
      });
    const workers = [1, 2].map(() => world.worker({ client: client() }));
    await Promise.all(workers.map((w) => w.ready()));
    const rows = Array.from({ length: 24 }, (_, i) => `,Item ${i},${1 + (i % 3)},${i + 1},q${i}`);
    const file = await world.sheet('many.csv', [HEADER, ...rows]);
    const { batchId } = await world.enqueue({ file }, { client: client(), chunkSize: 4 });
    const summary = await world.summaryOf(batchId);
    expect(summary.counts.created).toBe(24);
    expect(summary.categoryCounts?.before?.totals).toMatchObject({ '1': 0, '2': 0, '3': 0 });
    expect(summary.categoryCounts?.after?.totals).toMatchObject({ '1': 8, '2': 8, '3': 8 });
    const paths = storePaths(world);
    expect(paths.filter((p) => p === '/v1/categories')).toHaveLength(2);
    expect(paths[0]).toBe('/v1/categories');
    expect(paths.at(-1)).toBe('/v1/categories');
  });
});
