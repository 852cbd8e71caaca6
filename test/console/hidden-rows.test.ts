/**
 * Issue 36 in the console: the upload summary of a workbook with a hidden row and an Excel
 * Table's totals row (XlsxWriter) counts the hidden row (the page shows the count when it is not
 * 0) and names the totals row it skips; the sync sends the three products and nothing for it.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { readEvents, sheetForm, startConsoleWorld, type ConsoleWorld } from './helpers.ts';

const FILE = fileURLToPath(new URL('../fixtures/fidelity/table-totals.xlsxwriter.xlsx', import.meta.url));

let world: ConsoleWorld;
let bytes: Uint8Array;
beforeAll(async () => {
  world = await startConsoleWorld();
  for (const title of ['a', 'b', 'c']) world.sandbox.seedProduct({ title, sale_price: 1, category: 1 });
  bytes = new Uint8Array(await readFile(FILE));
});
afterAll(async () => {
  await world.close();
});

interface UploadAnswer {
  valid: boolean;
  sheets: { rows: number; updates: number; invalidRows: number; hiddenRows: number; tableTotalsRows: number[] }[];
}

it('the upload summary counts the hidden row and skips the totals row: every row valid', async () => {
  const res = await world.api('/api/uploads', { method: 'POST', body: sheetForm('catalog.xlsx', bytes) });
  expect(res.status).toBe(201);
  const answer = (await res.json()) as UploadAnswer;
  expect(answer.valid).toBe(true);
  expect(answer.sheets).toEqual([
    expect.objectContaining({ rows: 3, updates: 3, invalidRows: 0, hiddenRows: 1, tableTotalsRows: [5] }),
  ]);
});

it('the sync sends the three products and nothing for the totals row', async () => {
  const res = await world.api('/api/batches', { method: 'POST', body: sheetForm('catalog.xlsx', bytes) });
  expect(res.status).toBe(202);
  const { batchId } = (await res.json()) as { batchId: string };
  const last = (await readEvents(world, batchId)).at(-1)!;
  expect(last).toMatchObject({ status: 'done', total: 3, counts: { updated: 3 } });
  const writes = world.sandbox.requests().filter((r) => r.path !== '/v1/authorization');
  expect(writes.map((r) => r.path)).toEqual(['/v1/update_product', '/v1/update_product', '/v1/update_product']);
  expect(writes.map((r) => (r.body as { title: string }).title).sort()).toEqual(['Blue mug', 'Desk lamp', 'Red mug']);
});
