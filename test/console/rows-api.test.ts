/** GET /api/batches/{id}/rows over real HTTP: the rows that need attention, with reasons and cells, paged. */
import { describe, expect, it } from 'vitest';
import { readEvents, sheetForm, useConsoleWorld } from './helpers.ts';

const world = useConsoleWorld({ uploadLimitBytes: 64 * 1024 });

interface RowsAnswer {
  rows: {
    row: number;
    outcome: string;
    message: string;
    column: string | null;
    hint?: string;
    cells: Record<string, string>;
  }[];
  total: number;
  offset: number;
  limit: number;
}

/** Two good creates, two invalid rows (no title; a price that is no number), one update the store refuses. */
function sheet(missingId: number): string {
  return [
    'title,sale_price,category,barcode,product_id',
    'Lamp,12.5,1,B-1,',
    '=HYPERLINK("x"),9,1,B-2,',
    'Chair,30,1,B-3,',
    'Desk,12.5O,1,B-4,',
    `,15,,,${missingId}`,
  ].join('\n');
}

async function sync(text: string, fields: Record<string, string> = {}): Promise<string> {
  const res = await world.api('/api/batches', { method: 'POST', body: sheetForm('products.csv', text, fields) });
  expect(res.status).toBe(202);
  const { batchId } = (await res.json()) as { batchId: string };
  expect((await readEvents(world, batchId)).at(-1)).toMatchObject({ status: 'done' });
  return batchId;
}

async function rows(batchId: string, query = '', headers: Record<string, string> = {}): Promise<RowsAnswer> {
  const res = await world.api(`/api/batches/${batchId}/rows${query}`, { headers });
  expect(res.status).toBe(200);
  return (await res.json()) as RowsAnswer;
}

describe('GET /api/batches/{id}/rows', () => {
  it('lists the failed, invalid and unknown rows with row, column, message, hint and the cells as typed', async () => {
    const missingId = world.sandbox.seedProduct({ title: 'Seed', sale_price: 1, category: 1 }).product_id + 100;
    const batchId = await sync(sheet(missingId));
    const answer = await rows(batchId);
    expect(answer).toMatchObject({ total: 2, offset: 0, limit: 100 });
    expect(answer.rows.map((r) => [r.row, r.outcome, r.column])).toEqual([
      [5, 'invalid', 'sale_price'],
      [6, 'failed', null],
    ]);
    expect(answer.rows[0]!.message).toContain('12.5O');
    expect(answer.rows[0]!.hint).toMatch(/fix the cell/i);
    expect(answer.rows[0]!.cells).toEqual({
      title: 'Desk',
      sale_price: '12.5O',
      category: '1',
      barcode: 'B-4',
      product_id: '',
    });
    expect(answer.rows[1]!.cells.product_id).toBe(String(missingId));
  });

  it('filters by outcome and pages', async () => {
    const batchId = await sync(sheet(999_999));
    const created = await rows(batchId, '?outcome=created&limit=1');
    expect(created.total).toBe(3);
    expect(created.rows).toHaveLength(1);
    expect(created.rows[0]).toMatchObject({ row: 2, outcome: 'created', cells: { title: 'Lamp' } });
    const second = await rows(batchId, '?outcome=created&offset=1&limit=1');
    expect(second.rows.map((r) => r.row)).toEqual([3]);
    // A formula-looking cell comes back as typed: the report's apostrophe guard is not the person's text.
    expect(second.rows[0]!.cells.title).toBe('=HYPERLINK("x")');
    const past = await rows(batchId, '?outcome=created&offset=3');
    expect(past).toMatchObject({ rows: [], total: 3, offset: 3 });
    const bad = await world.api(`/api/batches/${batchId}/rows?outcome=lost`);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toMatch(/^outcome: "lost" is not one of created/);
    expect((await world.api(`/api/batches/${batchId}/rows?limit=5000`)).status).toBe(400);
    expect((await world.api('/api/batches/20260101-000000-abcdef/rows')).status).toBe(404);
  });

  it("a dry run's invalid rows are listed, its would_* rows are not problems, and its counts show them", async () => {
    const batchId = await sync(sheet(999_999), { dryRun: 'true' });
    const answer = await rows(batchId);
    expect(answer.rows.map((r) => [r.row, r.outcome])).toEqual([[5, 'invalid']]);
    const would = await rows(batchId, '?outcome=would_create,would_update');
    expect(would.rows.map((r) => [r.row, r.outcome])).toEqual([
      [2, 'would_create'],
      [3, 'would_create'],
      [4, 'would_create'],
      [6, 'would_update'],
    ]);
    const one = (await (await world.api(`/api/batches/${batchId}`)).json()) as { counts: Record<string, number> };
    expect(one.counts).toMatchObject({ would_create: 3, would_update: 1, invalid: 1 });
  });

  it('messages are in the language asked, field names and values as typed', async () => {
    const batchId = await sync(sheet(999_999));
    const ar = await rows(batchId, '?outcome=invalid&lang=ar');
    expect(ar.rows[0]).toMatchObject({ row: 5, column: 'sale_price' });
    expect(ar.rows[0]!.message).toMatch(/[\u0600-\u06ff]/);
    expect(ar.rows[0]!.message).toContain('sale_price');
    expect(ar.rows[0]!.message).toContain('12.5O');
    const en = await rows(batchId, '?outcome=invalid');
    expect(en.rows[0]!.message).toMatch(/^sale_price: "12.5O" is not a number/);
    // A row the store refused: the frame in Arabic, with the hint for a refusal.
    const failed = await rows(batchId, '?outcome=failed&lang=ar');
    expect(failed.rows[0]).toMatchObject({ row: 6, outcome: 'failed' });
    expect(failed.rows[0]!.message).toMatch(/[\u0600-\u06ff]/);
    expect(failed.rows[0]!.hint).toMatch(/[\u0600-\u06ff]/);
  });

  it('a batch sent in Arabic writes its report in Arabic, and its rows still read in English when asked', async () => {
    const res = await world.api('/api/batches', {
      method: 'POST',
      headers: { 'accept-language': 'ar' },
      body: sheetForm('products.csv', sheet(999_999)),
    });
    const { batchId } = (await res.json()) as { batchId: string };
    const last = (await readEvents(world, batchId)).at(-1)!;
    expect(last).toMatchObject({ status: 'done', lang: 'ar' });
    const failedCsv = await (await world.api(`/api/batches/${batchId}/files/failed.csv`)).text();
    expect(failedCsv).toMatch(/[\u0600-\u06ff]/);
    const en = await rows(batchId, '?outcome=invalid&lang=en');
    expect(en.rows[0]!.message).toMatch(/^sale_price: "12.5O" is not a number/);
  });

  it('hints follow ?lang= or Accept-Language', async () => {
    const batchId = await sync(sheet(999_999));
    const ar = await rows(batchId, '?outcome=invalid', { 'accept-language': 'ar-SA,ar;q=0.9,en;q=0.5' });
    expect(ar.rows[0]!.hint).toMatch(/[\u0600-\u06ff]/);
    const en = await rows(batchId, '?outcome=invalid&lang=en', { 'accept-language': 'ar' });
    expect(en.rows[0]!.hint).toMatch(/fix the cell/i);
  });
});
