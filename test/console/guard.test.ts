/**
 * The guard over real HTTP: a sheet that lowers a price by more than GUARD_PRICE_DROP of the last
 * value sent, or changes more than GUARD_CHANGE_SHARE of the products catalog-sync knows, is held
 * (409, nothing sent) until it is sent again with confirm=true.
 */
import { describe, expect, it } from 'vitest';
import { closedAfterEach, type ConsoleWorld, readEvents, sheetForm, startConsoleWorld } from './helpers.ts';

const started = closedAfterEach();

interface Held {
  guard: {
    priceDrops: { row: number; field: string; before: number; after: number }[];
    changeShare: number;
    limit: number;
    changed: number;
    known: number;
  };
}

/** Four products the store has, each synced once at sale_price 100: catalog-sync knows four. */
async function fourKnown(w: ConsoleWorld): Promise<number[]> {
  const ids = ['Lamp', 'Desk', 'Sofa', 'Bed'].map(
    (title) => w.sandbox.seedProduct({ title, sale_price: 1, category: 1 }).product_id,
  );
  const sheet = ['product_id,sale_price', ...ids.map((id) => `${id},100`)].join('\n');
  const res = await w.api('/api/batches', { method: 'POST', body: sheetForm('first.csv', sheet) });
  expect(res.status).toBe(202);
  const { batchId } = (await res.json()) as { batchId: string };
  expect((await readEvents(w, batchId)).at(-1)!.counts).toMatchObject({ updated: 4 });
  return ids;
}

describe('the guard on POST /api/batches', () => {
  it('holds a sheet that lowers a price by more than half, listing the rows, until confirm=true', async () => {
    const w = await started(startConsoleWorld());
    const [a, b] = await fourKnown(w);
    w.sandbox.resetStats();
    const sheet = ['product_id,sale_price', `${a},40`, `${b},90`].join('\n');
    const held = await w.api('/api/batches', { method: 'POST', body: sheetForm('prices.csv', sheet) });
    expect(held.status).toBe(409);
    const { guard } = (await held.json()) as Held;
    expect(guard.priceDrops).toEqual([{ row: 2, field: 'sale_price', before: 100, after: 40 }]);
    expect(guard).toMatchObject({ changed: 2, known: 4 });
    expect(w.sandbox.requestCount('/v1/update_product')).toBe(0);

    // A dry run sends nothing: it is never held.
    const dry = await w.api('/api/batches', {
      method: 'POST',
      body: sheetForm('prices.csv', sheet, { dryRun: 'true' }),
    });
    expect(dry.status).toBe(202);
    await readEvents(w, ((await dry.json()) as { batchId: string }).batchId);

    const sent = await w.api('/api/batches?confirm=true', { method: 'POST', body: sheetForm('prices.csv', sheet) });
    expect(sent.status).toBe(202);
    const { batchId } = (await sent.json()) as { batchId: string };
    expect((await readEvents(w, batchId)).at(-1)!.counts).toMatchObject({ updated: 2 });
    expect(w.sandbox.product(a!)?.fields.sale_price).toBe(40);
  });

  it('holds a sheet that changes more than the share of known products, once enough are known', async () => {
    const w = await started(startConsoleWorld({ env: { GUARD_MIN_KNOWN: '4', GUARD_CHANGE_SHARE: '0.5' } }));
    const [a, b, c] = await fourKnown(w);
    const three = ['product_id,title', `${a},A`, `${b},B`, `${c},C`].join('\n');
    const held = await w.api('/api/batches', { method: 'POST', body: sheetForm('titles.csv', three) });
    expect(held.status).toBe(409);
    expect(((await held.json()) as Held).guard).toMatchObject({
      priceDrops: [],
      changeShare: 0.75,
      limit: 0.5,
      changed: 3,
      known: 4,
    });
    // Two of four is not more than half: sent at once.
    const two = ['product_id,title', `${a},A`, `${b},B`].join('\n');
    const res = await w.api('/api/batches', { method: 'POST', body: sheetForm('titles.csv', two) });
    expect(res.status).toBe(202);
    await readEvents(w, ((await res.json()) as { batchId: string }).batchId);
    const confirmed = await w.api('/api/batches', {
      method: 'POST',
      body: sheetForm('titles.csv', three, { confirm: 'true' }),
    });
    expect(confirmed.status).toBe(202);
    const { batchId } = (await confirmed.json()) as { batchId: string };
    expect((await readEvents(w, batchId)).at(-1)!.counts).toMatchObject({ updated: 3 });
  });
});
