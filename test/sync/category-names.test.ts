/**
 * A batch whose category cells name their categories (in English and Arabic, as typed) asks the
 * store for its category list once, whatever its rows, on either transport and in a dry run; the
 * sandbox's request log is the judge, and the products it holds carry the ids the names stand for.
 */
import { describe, expect, it } from 'vitest';
import { describeOnEachTransport } from './helpers/transports.ts';
import { startWorld } from './helpers/world.ts';
import { runSync } from '../../src/sync/index.ts';

describeOnEachTransport('%s transport', (current) => {
  it('asks for the category list once per batch and sends the ids the names stand for', async () => {
    const { world, transport } = current;
    const seeded = [1, 2, 3, 4, 5].map((i) =>
      world.sandbox.seedProduct({ title: `P${i}`, sale_price: i, category: 1 }),
    );
    const names = ['Perfumes', 'عطور', 'PERFUMES', 'كتب', 'books'];
    const file = await world.sheet('names.csv', [
      'product_id,title,category',
      ...seeded.map((p, i) => `${p.product_id},Renamed ${i},${names[i]}`),
    ]);
    const summary = await transport.run(world, { file }, { concurrency: 2 });
    expect(summary.counts.updated).toBe(5);
    expect(world.sandbox.requestCount('/v1/categories')).toBe(1);
    expect(seeded.map((p) => world.sandbox.product(p.product_id)?.fields.category)).toEqual([4, 4, 4, 6, 6]);
  });
});

describe('a dry run', () => {
  it('checks the categories and reads the names with one call', async () => {
    const world = await startWorld();
    try {
      const file = await world.sheet('dry.csv', [
        'title,sale_price,category,barcode',
        'A,1,Perfumes,b1',
        'B,2,حلويات,b2',
        'C,3,Sweats,b3',
      ]);
      const summary = await runSync(
        { file, dryRun: true },
        { client: world.client(), reportDir: world.dir, rate: 10_000, concurrency: 2 },
      );
      expect(summary.counts).toMatchObject({ would_create: 2, invalid: 1 });
      expect(world.sandbox.requestCount('/v1/categories')).toBe(1);
    } finally {
      await world.close();
    }
  });
});
