/**
 * A saved mapping where the upload step is not the only way in (issue 37's leftovers): a sheet
 * sent in one request (multipart `POST /api/batches`) is read with the store's saved mapping for
 * its headers, as an upload is, and its answer names that mapping (`mappingUsed`); and an upload
 * sent as the whole catalog (`absentStatus`) keeps retiring what it no longer lists when the
 * mapping step plans it again. Sandbox state checked.
 */
import { describe, expect, it } from 'vitest';
import { closedAfterEach, readEvents, sheetForm, startConsoleWorld } from './helpers.ts';

const started = closedAfterEach();

function json(method: string, body: unknown): RequestInit {
  return { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
}

interface Uploaded {
  uploadId: string;
  sheets: { rows: number; retired: number }[];
  guard: { changed: number; known: number };
  mapping: unknown;
}

interface Preview {
  rows: { action: string; retired?: number }[];
  total: number;
}

describe('saved mappings outside the upload step', () => {
  it('a sheet sent in one request is read with the saved mapping for its headers', async () => {
    const w = await started(startConsoleWorld());
    const saved = await w.api(
      '/api/mappings/Supplier%20A',
      json('PUT', {
        columns: { Artikel: 'title', Verkaufspreis: 'sale_price', Kategorie: 'category', Code: 'barcode' },
      }),
    );
    expect(saved.status).toBe(200);

    // Another order of the same headers: the mapping is picked by the header set.
    const sheet = ['Code,Kategorie,Artikel,Verkaufspreis', 'L-1,1,Lamp,10', 'D-1,2,Desk,20'].join('\n');
    const sent = await w.api('/api/batches', { method: 'POST', body: sheetForm('supplier.csv', sheet) });
    expect(sent.status).toBe(202);
    // The answer says which saved mapping read the sheet, as an upload's does.
    const { batchId, mappingUsed } = (await sent.json()) as { batchId: string; mappingUsed: unknown };
    expect(mappingUsed).toBe('Supplier A');
    expect((await readEvents(w, batchId)).at(-1)!.counts).toMatchObject({ created: 2 });
    const products = w.sandbox.products().map((p) => [p.fields.title, p.fields.sale_price, p.fields.category]);
    expect(products.sort()).toEqual([
      ['Desk', 20, 2],
      ['Lamp', 10, 1],
    ]);
  });

  it('the mapping step plans an upload sent as the whole catalog with its absentStatus still', async () => {
    const w = await started(startConsoleWorld());
    const ids = Array.from({ length: 10 }, (_, i) => w.sandbox.seedProduct({ title: `P${i}`, category: 1 }).product_id);
    const full = ['product_id,barcode,sale_price', ...ids.map((id) => `${id},CB${id},10`)].join('\n');
    const first = await w.api('/api/batches', { method: 'POST', body: sheetForm('full.csv', full) });
    expect(first.status).toBe(202);
    const { batchId, mappingUsed } = (await first.json()) as { batchId: string; mappingUsed: unknown };
    // No saved mapping for these headers: the aliases alone read it.
    expect(mappingUsed).toBeNull();
    expect((await readEvents(w, batchId)).at(-1)!.counts).toMatchObject({ updated: 10 });

    // The supplier's own headers, 8 of the 10 products: the aliases do not read "Nummer".
    const kept = ids.slice(0, 8);
    const supplier = ['Nummer,Preis', ...kept.map((id) => `${id},11`)].join('\n');
    const res = await w.api('/api/uploads', {
      method: 'POST',
      body: sheetForm('supplier.csv', supplier, { absentStatus: '0' }),
    });
    expect(res.status).toBe(201);
    const uploaded = (await res.json()) as Uploaded;
    expect(uploaded.mapping).not.toBeNull();

    const mapped = await w.api(
      `/api/uploads/${uploaded.uploadId}/mapping`,
      json('POST', { columns: { Nummer: 'product_id', Preis: 'sale_price' } }),
    );
    expect(mapped.status).toBe(200);
    const replanned = (await mapped.json()) as Uploaded;
    expect(replanned.mapping).toBeNull();
    expect(replanned.sheets[0]).toMatchObject({ rows: 8, retired: 2 });
    expect(replanned.guard).toMatchObject({ changed: 10, known: 10 });
    const preview = (await (await w.api(`/api/uploads/${uploaded.uploadId}/preview`)).json()) as Preview;
    expect(preview.total).toBe(10);
    expect(preview.rows.filter((row) => row.retired !== undefined).map((row) => row.retired)).toEqual(ids.slice(8));
  });
});
