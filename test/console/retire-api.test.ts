/**
 * The console's `absentStatus` (issue 38): an upload planned as the whole catalog shows the known
 * products it no longer lists as retired (the summary's count, the preview's rows, in English and
 * Arabic, the guard's share), and the batch sent with it gives exactly those the status at the
 * sandbox; retiring more than the guard's share is held (409), nothing sent. File ledger and Redis.
 */
import { describe, expect, it } from 'vitest';
import { closedAfterEach, type ConsoleWorld, LEDGERS, readEvents, sheetForm, startConsoleWorld } from './helpers.ts';

const started = closedAfterEach();

interface Uploaded {
  uploadId: string;
  sheets: { rows: number; retired: number }[];
  guard: { held: boolean; changed: number; known: number };
}

interface Preview {
  rows: { row: number; action: string; retired?: number; message?: string; changes: unknown[] }[];
  total: number;
}

const sheetOf = (ids: readonly number[]): string =>
  ['product_id,barcode,sale_price', ...ids.map((id) => `${id},CB${id},10`)].join('\n');

async function send(w: ConsoleWorld, body: FormData | string): Promise<Response> {
  return w.api('/api/batches', {
    method: 'POST',
    body,
    ...(typeof body === 'string' ? { headers: { 'content-type': 'application/json' } } : {}),
  });
}

describe.each(LEDGERS)('absentStatus with %s', (_name, redis) => {
  it('previews the retired products, sends exactly them, and holds a sheet that retires too many', async () => {
    const w = await started(startConsoleWorld({ redis, worker: true }));
    const ids = Array.from({ length: 25 }, (_, i) => w.sandbox.seedProduct({ title: `P${i}`, category: 1 }).product_id);
    const first = await send(w, sheetForm('full.csv', sheetOf(ids), { absentStatus: '0' }));
    expect(first.status).toBe(202);
    const { batchId } = (await first.json()) as { batchId: string };
    expect((await readEvents(w, batchId)).at(-1)!.counts).toMatchObject({ updated: 25, status_changed: 0 });

    const dropped = ids.slice(22);
    const res = await w.api('/api/uploads', {
      method: 'POST',
      body: sheetForm('drop3.csv', sheetOf(ids.slice(0, 22)), { absentStatus: '0' }),
    });
    expect(res.status).toBe(201);
    const uploaded = (await res.json()) as Uploaded;
    expect(uploaded.sheets[0]).toMatchObject({ rows: 22, retired: 3 });
    expect(uploaded.guard).toMatchObject({ held: false, changed: 3, known: 25 });

    const preview = (await (await w.api(`/api/uploads/${uploaded.uploadId}/preview`)).json()) as Preview;
    expect(preview.total).toBe(25);
    const retired = preview.rows.filter((row) => row.retired !== undefined);
    expect(retired.map((row) => [row.action, row.retired, row.message])).toEqual(
      dropped.map((id) => ['status', id, `retired: not in this sheet (product_id ${id})`]),
    );
    expect(retired[0]!.changes).toEqual([{ field: 'product_status', before: null, after: 0 }]);
    const arabic = (await (await w.api(`/api/uploads/${uploaded.uploadId}/preview?lang=ar`)).json()) as Preview;
    expect(arabic.rows.at(-1)!.message).toBe(`أُوقف: لم يعد في هذا الملف (product_id ${dropped[2]})`);
    expect([...w.sandbox.products()].every((product) => product.product_status === 1)).toBe(true);

    const sent = await send(w, JSON.stringify({ upload: uploaded.uploadId, name: 'drop3.csv', absentStatus: 0 }));
    expect(sent.status).toBe(202);
    const second = (await sent.json()) as { batchId: string };
    expect((await readEvents(w, second.batchId)).at(-1)!.counts).toMatchObject({ updated: 22, status_changed: 3 });
    const statuses = new Map(w.sandbox.products().map((product) => [product.product_id, product.product_status]));
    expect(ids.map((id) => statuses.get(id))).toEqual(ids.map((id) => (dropped.includes(id) ? 0 : 1)));

    // A sheet of 5: 17 more to retire (3 are at 0 already), over half of the 25 known: held.
    w.sandbox.resetStats();
    const many = await w.api('/api/uploads', {
      method: 'POST',
      body: sheetForm('drop20.csv', sheetOf(ids.slice(0, 5)), { absentStatus: '0' }),
    });
    const planned = (await many.json()) as Uploaded;
    expect(planned.sheets[0]!.retired).toBe(17);
    expect(planned.guard.held).toBe(true);
    const held = await send(w, JSON.stringify({ upload: planned.uploadId, name: 'drop20.csv', absentStatus: 0 }));
    expect(held.status).toBe(409);
    expect(w.sandbox.requestCount('/v1/products_status')).toBe(0);
  });

  it('refuses an absentStatus that is not a whole number, naming it', async () => {
    const w = await started(startConsoleWorld({ redis }));
    const res = await w.api('/api/uploads', {
      method: 'POST',
      body: sheetForm('a.csv', sheetOf([1]), { absentStatus: 'off' }),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toContain('absentStatus: expected a whole number');
  });
});
