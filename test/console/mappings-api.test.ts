/**
 * The mapping step over real HTTP: a sheet whose headers the aliases do not know gets a proposal
 * (each header, the field it fills now, its first rows, the fields offered); a mapping sent plans
 * it again to valid rows, is saved for the store as a column-map file and is picked for the next
 * upload of the same headers in another order; the batch reads the sheet with it; it can be
 * deleted; another store's login sees none of it.
 */
import { describe, expect, it } from 'vitest';
import { loadColumnMap } from '../../src/sheet/index.ts';
import { until } from '../helpers/until.ts';
import { closedAfterEach, sheetForm } from './helpers.ts';
import { startStoresWorld, type StoresWorld } from './stores-world.ts';

const started = closedAfterEach();

interface Answer {
  uploadId: string;
  name: string;
  valid: boolean;
  sheets: { plan: { create: number } }[];
  mappingUsed: string | null;
  mapping: {
    headers: { header: string; field: string | null }[];
    rows: string[][];
    fields: { field: string; en: string; ar: string }[];
  } | null;
}

async function upload(w: StoresWorld, token: string, text: string): Promise<Answer> {
  const res = await w.api('/api/uploads', { method: 'POST', body: sheetForm('supplier.csv', text) }, token);
  expect(res.status).toBe(201);
  return (await res.json()) as Answer;
}

function post(body: unknown): RequestInit {
  return { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
}

const SUPPLIER = ['Artikel,Verkaufspreis,Kategorie,Barcode', 'Lamp,10,1,L-1', 'Desk,20,2,D-1'].join('\n');
const REORDERED = ['Barcode,Kategorie,Artikel,Verkaufspreis', 'S-1,1,Stool,7'].join('\n');

describe('saved mappings per store', () => {
  it('proposes, re-plans, saves, picks by header set, sends with it, deletes, and stays the store’s own', async () => {
    const w = await started(startStoresWorld({ stores: [{ id: 'north' }, { id: 'south' }] }));
    const north = w.stores.north!.token!;
    const south = w.stores.south!.token!;

    const first = await upload(w, north, SUPPLIER);
    expect(first.mappingUsed).toBeNull();
    expect(first.mapping!.headers).toEqual([
      { header: 'Artikel', field: null },
      { header: 'Verkaufspreis', field: null },
      { header: 'Kategorie', field: null },
      { header: 'Barcode', field: 'barcode' },
    ]);
    expect(first.mapping!.rows).toEqual([
      ['Lamp', '10', '1', 'L-1'],
      ['Desk', '20', '2', 'D-1'],
    ]);
    expect(first.mapping!.fields).toContainEqual({ field: 'sale_price', en: 'Selling price', ar: 'سعر البيع' });

    const columns = { Artikel: 'title', Verkaufspreis: 'sale_price', Kategorie: 'category' };
    const bad = await w.api(`/api/uploads/${first.uploadId}/mapping`, post({ columns: { Artikel: 'titel' } }), north);
    expect(bad.status).toBe(400);
    const mapped = await w.api(`/api/uploads/${first.uploadId}/mapping`, post({ columns, save: 'Supplier A' }), north);
    expect(mapped.status).toBe(200);
    const replanned = (await mapped.json()) as Answer;
    expect(replanned).toMatchObject({ valid: true, mapping: null, mappingUsed: 'Supplier A' });
    expect(replanned.sheets[0]!.plan.create).toBe(2);

    // The batch reads the sheet with the upload's mapping.
    const sent = await w.api('/api/batches', post({ upload: first.uploadId, name: first.name }), north);
    expect(sent.status).toBe(202);
    const { batchId } = (await sent.json()) as { batchId: string };
    await until(async () => {
      const view = (await (await w.api(`/api/batches/${batchId}`, {}, north)).json()) as { status: string };
      return view.status === 'done';
    }, 'the mapped batch to end');
    const titles = w.stores.north!.sandbox.products().map((p) => [p.fields.title, p.fields.sale_price]);
    expect(titles.sort()).toEqual([
      ['Desk', 20],
      ['Lamp', 10],
    ]);

    // The saved mapping is a column-map file naming every header; --columns and job files read it.
    const list = (await (await w.api('/api/mappings', {}, north)).json()) as {
      mappings: { name: string; columns: Record<string, string | null>; file: string }[];
    };
    expect(list.mappings.map((m) => [m.name, m.columns])).toEqual([['Supplier A', { ...columns, Barcode: 'barcode' }]]);
    expect((await loadColumnMap(list.mappings[0]!.file)).lookup('verkaufspreis')).toBe('sale_price');
    expect((await w.api('/api/mappings/Supplier%20A', {}, north)).status).toBe(200);

    const next = await upload(w, north, REORDERED);
    expect(next).toMatchObject({ valid: true, mapping: null, mappingUsed: 'Supplier A' });
    expect(next.sheets[0]!.plan.create).toBe(1);

    // Another store's login: no list, no read, no delete, and its uploads are not mapped by it.
    expect(await (await w.api('/api/mappings', {}, south)).json()).toEqual({ mappings: [] });
    expect((await w.api('/api/stores/north/mappings', {}, south)).status).toBe(404);
    expect((await w.api('/api/mappings/Supplier%20A', { method: 'DELETE' }, south)).status).toBe(404);
    expect((await upload(w, south, REORDERED)).mappingUsed).toBeNull();

    expect((await w.api('/api/mappings/Supplier%20A', { method: 'DELETE' }, north)).status).toBe(204);
    expect(await (await w.api('/api/mappings', {}, north)).json()).toEqual({ mappings: [] });
    const after = await upload(w, north, REORDERED);
    expect(after.mappingUsed).toBeNull();
    expect(after.mapping).not.toBeNull();
  });

  it('asks nothing of a sheet the aliases read, and asks of one that names no product field', async () => {
    const w = await started(startStoresWorld({ stores: [{ id: 'north' }] }));
    const north = w.stores.north!.token!;
    const known = await upload(w, north, ['الاسم,السعر,التصنيف', 'مصباح,10,1'].join('\n'));
    expect(known).toMatchObject({ valid: true, mapping: null, mappingUsed: null });
    const keyless = await upload(w, north, ['tag,weight', 'sale,2'].join('\n'));
    expect(keyless.mapping!.headers).toEqual([
      { header: 'tag', field: 'tag' },
      { header: 'weight', field: 'weight' },
    ]);
  });
});
