/**
 * GET /api/uploads/{id}/preview over real HTTP: after a first sync, what a second sheet would
 * change per row and field, "before" being what catalog-sync last sent (file ledger and Redis).
 */
import { describe, expect, it } from 'vitest';
import { closedAfterEach, type ConsoleWorld, LEDGERS, readEvents, sheetForm, startConsoleWorld } from './helpers.ts';

const started = closedAfterEach();

interface Preview {
  rows: { row: number; action: string; seen: boolean; changes: { field: string; before: unknown; after: unknown }[] }[];
  total: number;
}

async function upload(w: ConsoleWorld, text: string): Promise<string> {
  const res = await w.api('/api/uploads', { method: 'POST', body: sheetForm('products.csv', text) });
  expect(res.status).toBe(201);
  return ((await res.json()) as { uploadId: string }).uploadId;
}

async function preview(w: ConsoleWorld, uploadId: string, query = ''): Promise<Preview> {
  const res = await w.api(`/api/uploads/${uploadId}/preview${query}`);
  expect(res.status).toBe(200);
  return (await res.json()) as Preview;
}

describe.each(LEDGERS)('preview with %s', (_name, redis) => {
  it('shows create, update with before -> after, sent again, status, unseen, skipped and invalid rows, paged, sending nothing', async () => {
    const w = await started(startConsoleWorld({ redis, worker: true }));
    const a = w.sandbox.seedProduct({ title: 'Lamp', sale_price: 1, category: 1 }).product_id;
    const b = w.sandbox.seedProduct({ title: 'Desk', sale_price: 1, category: 1 }).product_id;
    const c = w.sandbox.seedProduct({ title: 'Sofa', sale_price: 1, category: 1 }).product_id;
    const d = w.sandbox.seedProduct({ title: 'Bed', sale_price: 1, category: 1 }).product_id;
    const first = [
      'product_id,title,sale_price,category,barcode',
      `${a},Lamp,10,,`,
      `${b},Desk,20,,`,
      `${d},Bed,40,,`,
      ',Stool,7,1,B-7',
    ].join('\n');
    const res = await w.api('/api/batches', { method: 'POST', body: sheetForm('first.csv', first) });
    const { batchId } = (await res.json()) as { batchId: string };
    expect((await readEvents(w, batchId)).at(-1)!.counts).toMatchObject({ updated: 3, created: 1 });

    const second = [
      'product_id,title,sale_price,category,barcode,product_status',
      `${a},Lamp,12,,,`,
      `${b},Desk,20,,,`,
      `${c},Sofa,30,,,`,
      ',Chair,5,1,B-9,',
      `${d + 100},,x,,,`,
      `${d},,,,,0`,
      ',Stool,8,1,B-7,',
    ].join('\n');
    w.sandbox.resetStats();
    const id = await upload(w, second);
    const all = await preview(w, id);
    expect(all.total).toBe(7);
    expect(all.rows.map((r) => [r.row, r.action, r.seen])).toEqual([
      [2, 'update', true],
      // The console sends a full sync: an update is sent again even when no field differs.
      [3, 'update', true],
      [4, 'update', false],
      [5, 'create', false],
      [6, 'invalid', false],
      [7, 'status', true],
      // Created by the first batch: never created again, reported skipped as the sync will.
      [8, 'skipped', true],
    ]);
    expect(all.rows[6]).toMatchObject({ outcome: 'skipped', code: 'already_created' });
    expect(all.rows[0]!.changes).toEqual([{ field: 'sale_price', before: 10, after: 12 }]);
    expect(all.rows[1]!.changes).toEqual([]);
    expect(all.rows[2]!.changes).toEqual([
      { field: 'title', before: null, after: 'Sofa' },
      { field: 'sale_price', before: null, after: 30 },
    ]);
    expect(all.rows[3]!.changes).toEqual(
      expect.arrayContaining([{ field: 'title', before: null, after: 'Chair' }]) as unknown[],
    );
    expect(all.rows[5]!.changes).toEqual([{ field: 'product_status', before: null, after: 0 }]);

    const page = await preview(w, id, '?offset=2&limit=2');
    expect(page.total).toBe(7);
    expect(page.rows.map((r) => r.row)).toEqual([4, 5]);
    expect(w.sandbox.requests().filter((r) => r.path !== '/v1/authorization')).toEqual([]);
    expect((await w.api('/api/uploads/u-0000000000000000/preview')).status).toBe(404);
  });
});
