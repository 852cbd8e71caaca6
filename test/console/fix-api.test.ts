/** POST /api/batches/{id}/fix and /fix/check over real HTTP against a real sandbox store. */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readEvents, startConsoleWorld, syncedBatch, type ConsoleWorld } from './helpers.ts';

let world: ConsoleWorld;

beforeEach(async () => {
  world = await startConsoleWorld({ uploadLimitBytes: 64 * 1024 });
});

afterEach(async () => {
  await world.close();
});

interface Problems {
  rows: { row: number; column: string | null; message: string }[];
}

/** One good create; row 3 has no title, row 4 a price that is no number. */
const SHEET = ['title,sale_price,category,barcode', 'Lamp,12.5,1,B-1', ',9,1,B-2', 'Desk,12.5O,1,B-3'].join('\n');

const sync = (text: string): Promise<string> => syncedBatch(world, text);

function post(path: string, body: unknown): Promise<Response> {
  return world.api(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

const titles = (): unknown[] => world.sandbox.products().map((p) => p.fields.title);

describe('fixing problem rows', () => {
  it('checks each edit, refuses a still-invalid fix with 422 sending nothing, then sends exactly the fixed rows', async () => {
    const first = await sync(SHEET);
    expect(titles()).toEqual(['Lamp']);

    const check = await post(`/api/batches/${first}/fix/check`, {
      rows: [
        { row: 3, cells: { title: '' } },
        { row: 4, cells: { sale_price: '12.5' } },
      ],
    });
    expect(check.status).toBe(200);
    const still = (await check.json()) as Problems;
    expect(still.rows).toEqual([{ row: 3, column: 'title', message: expect.stringContaining('title') as string }]);

    world.sandbox.resetStats();
    const refused = await post(`/api/batches/${first}/fix`, {
      rows: [
        { row: 3, cells: { title: '' } },
        { row: 4, cells: { sale_price: '12.5' } },
      ],
    });
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as Problems).rows.map((r) => [r.row, r.column])).toEqual([[3, 'title']]);
    expect(world.sandbox.requestCount('/v1/create_product')).toBe(0);
    expect(titles()).toEqual(['Lamp']);

    const fixed = [
      { row: 3, cells: { title: 'Chair' } },
      { row: 4, cells: { sale_price: '12.5' } },
    ];
    const clean = (await (await post(`/api/batches/${first}/fix/check`, { rows: fixed })).json()) as Problems;
    expect(clean.rows).toEqual([]);
    const res = await post(`/api/batches/${first}/fix`, { rows: fixed });
    expect(res.status).toBe(202);
    const { batchId } = (await res.json()) as { batchId: string };
    const last = (await readEvents(world, batchId)).at(-1)!;
    expect(last).toMatchObject({ status: 'done', total: 2, fixes: first, source: `fix:${first}` });
    expect(last.counts).toMatchObject({ created: 2, invalid: 0 });
    expect(titles()).toEqual(['Lamp', 'Chair', 'Desk']);
    expect(world.sandbox.products().find((p) => p.fields.title === 'Desk')?.fields.sale_price).toBe(12.5);

    // The new batch's report keeps the rows' first numbers.
    const rows = (await (await world.api(`/api/batches/${batchId}/rows?outcome=created`)).json()) as Problems;
    expect(rows.rows.map((r) => r.row)).toEqual([3, 4]);
    const summary = JSON.parse(await readFile(join(world.reportDir, batchId, 'summary.json'), 'utf8')) as object;
    expect(summary).toMatchObject({ fixes: first });

    // The ledger still stops a second create: the same fix again creates nothing.
    world.sandbox.resetStats();
    const again = (await (await post(`/api/batches/${first}/fix`, { rows: fixed })).json()) as { batchId: string };
    expect((await readEvents(world, again.batchId)).at(-1)!.counts).toMatchObject({ created: 0, skipped: 2 });
    expect(world.sandbox.requestCount('/v1/create_product')).toBe(0);
  });

  it('refuses to resend a create whose outcome is unknown, pointing at reconcile', async () => {
    world.sandbox.inject({ kind: 'status500AfterApply', path: '/v1/create_product' });
    const first = await sync(['title,sale_price,category,barcode', 'Lamp,12.5,1,B-1'].join('\n'));
    const listed = (await (await world.api(`/api/batches/${first}/rows`)).json()) as {
      rows: { row: number; outcome: string; hint: string }[];
    };
    expect(listed.rows.map((r) => [r.row, r.outcome])).toEqual([[2, 'unknown']]);
    expect(listed.rows[0]!.hint).toMatch(/Check with the store/);
    world.sandbox.resetStats();
    const res = await post(`/api/batches/${first}/fix`, { rows: [{ row: 2, cells: { title: 'Lamp' } }] });
    expect(res.status).toBe(422);
    const answer = (await res.json()) as Problems;
    expect(answer.rows).toEqual([
      { row: 2, column: null, message: expect.stringContaining(`reconcile ${first}`) as string },
    ]);
    expect(world.sandbox.requestCount('/v1/create_product')).toBe(0);
  });

  it("keeps the sheet's decimal comma: a semicolon sheet's fix is read as that sheet is", async () => {
    const first = await sync(['title;sale_price;category;barcode', 'Lamp;12,5O;1;B-1'].join('\n'));
    const res = await post(`/api/batches/${first}/fix`, { rows: [{ row: 2, cells: { sale_price: '12,5' } }] });
    expect(res.status).toBe(202);
    const { batchId } = (await res.json()) as { batchId: string };
    expect((await readEvents(world, batchId)).at(-1)!.counts).toMatchObject({ created: 1 });
    expect(world.sandbox.products()[0]?.fields).toMatchObject({ title: 'Lamp', sale_price: 12.5 });
  });

  it('reads a category typed by its name in the grid, and refuses one the store does not have', async () => {
    const first = await sync(['title,sale_price,التصنيف,barcode', 'Lamp,12.5,1,B-1', 'Oud,9,Perfum,B-2'].join('\n'));
    // The batch read the store's list (and counted its categories around its create); the grid's
    // checks read names against the list the console keeps: no call of their own.
    world.sandbox.resetStats();
    const check = await post(`/api/batches/${first}/fix/check?lang=ar`, {
      rows: [{ row: 3, cells: { التصنيف: 'Perfum' } }],
    });
    const still = (await check.json()) as Problems;
    expect(still.rows).toEqual([
      {
        row: 3,
        column: 'التصنيف',
        message: expect.stringContaining('أقرب تصنيفاته \u2068"Perfumes" (4)\u2069') as string,
      },
    ]);
    const fixed = await post(`/api/batches/${first}/fix/check`, { rows: [{ row: 3, cells: { التصنيف: 'عـطور' } }] });
    expect(((await fixed.json()) as Problems).rows).toEqual([]);
    expect(world.sandbox.requestCount('/v1/categories')).toBe(0);
  });

  it('checks in the language asked', async () => {
    const first = await sync(SHEET);
    const res = await post(`/api/batches/${first}/fix/check?lang=ar`, { rows: [{ row: 3, cells: { title: '' } }] });
    const { rows } = (await res.json()) as Problems;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ row: 3, column: 'title' });
    expect(rows[0]!.message).toMatch(/[\u0600-\u06ff]/);
    expect(rows[0]!.message).toContain('title');
  });

  it('answers 400 for a body that is not a fix, and names rows and columns the batch does not have', async () => {
    const first = await sync(SHEET);
    expect((await post(`/api/batches/${first}/fix`, { rows: [] })).status).toBe(400);
    const column = await post(`/api/batches/${first}/fix/check`, { rows: [{ row: 3, cells: { colour: 'red' } }] });
    expect(column.status).toBe(400);
    expect(((await column.json()) as { error: string }).error).toBe(
      `row 3: "colour" is not a column of batch ${first}`,
    );
    const missing = (await (
      await post(`/api/batches/${first}/fix/check`, { rows: [{ row: 40, cells: { title: 'x' } }] })
    ).json()) as Problems;
    expect(missing.rows).toEqual([{ row: 40, column: null, message: `row 40 is not in batch ${first}'s report` }]);
  });
});

describe('fixing with Redis', () => {
  it('the fix goes through the queue to a worker, reported under the first row numbers', async () => {
    await world.close();
    world = await startConsoleWorld({ redis: true, worker: true });
    const first = await sync(SHEET);
    const res = await post(`/api/batches/${first}/fix`, {
      rows: [
        { row: 3, cells: { title: 'Chair' } },
        { row: 4, cells: { sale_price: '12.5' } },
      ],
    });
    expect(res.status).toBe(202);
    const { batchId } = (await res.json()) as { batchId: string };
    const last = (await readEvents(world, batchId)).at(-1)!;
    expect(last).toMatchObject({ status: 'done', fixes: first });
    expect(last.counts).toMatchObject({ created: 2 });
    const rows = (await (await world.api(`/api/batches/${batchId}/rows?outcome=created`)).json()) as Problems;
    expect(rows.rows.map((r) => r.row)).toEqual([3, 4]);
    expect(titles()).toEqual(['Lamp', 'Chair', 'Desk']);
  });
});
