/**
 * One plan: for every step of an operator's sequence, the console's upload summary, the preview,
 * the dry run, the guard and the sync agree row by row about what each row does, because they
 * print one planner's decisions (src/sync/plan-row.ts). Real HTTP against the sandbox, with the
 * file ledger (local) and with Redis (a worker on the store's queue).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { linkFromFile } from '../../src/ledger/link-file.ts';
import { OUTCOMES } from '../../src/outcome.ts';
import { closedAfterEach, type ConsoleWorld, LEDGERS, readEvents, sheetForm, startConsoleWorld } from './helpers.ts';

const started = closedAfterEach();

const SAMPLE = join(import.meta.dirname, '..', '..', 'templates', 'sample-products.csv');

/** What the sync reports for a row the plan sends, by the plan's action. */
const SENT_AS: Record<string, string> = {
  create: 'created',
  update: 'updated',
  status: 'status_changed',
  brand: 'updated',
};
const DRY_AS: Record<string, string> = {
  create: 'would_create',
  update: 'would_update',
  status: 'would_change_status',
  brand: 'would_update',
};
const EVERY_OUTCOME = OUTCOMES.join(',');

interface PlannedRow {
  row: number;
  action: string;
  outcome?: string;
  code?: string;
  message?: string;
  changes: { field: string; before: unknown; after: unknown }[];
}

interface Views {
  uploadId: string;
  counts: Record<string, number>;
  guardHeld: boolean;
  preview: PlannedRow[];
}

async function plan(w: ConsoleWorld, name: string, text: string): Promise<Views> {
  const res = await w.api('/api/uploads', { method: 'POST', body: sheetForm(name, text) });
  expect(res.status).toBe(201);
  const answer = (await res.json()) as {
    uploadId: string;
    sheets: { plan: Record<string, number> }[];
    guard: { held: boolean };
  };
  const page = (await (await w.api(`/api/uploads/${answer.uploadId}/preview?limit=1000`)).json()) as {
    rows: PlannedRow[];
  };
  return {
    uploadId: answer.uploadId,
    counts: answer.sheets[0]!.plan,
    guardHeld: answer.guard.held,
    preview: page.rows,
  };
}

type Outcomes = Map<number, { outcome: string; message: string }> & { batchId?: string };

function submit(
  w: ConsoleWorld,
  views: Views,
  name: string,
  options: { dryRun?: boolean; confirm?: boolean } = {},
): Promise<Response> {
  return w.api('/api/batches', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      upload: views.uploadId,
      name,
      ...(options.dryRun ? { dryRun: true } : {}),
      ...(options.confirm ? { confirm: true } : {}),
    }),
  });
}

/** Sends the upload (a dry run, or a sync confirmed past the guard) and reads each row's outcome. */
async function send(
  w: ConsoleWorld,
  views: Views,
  name: string,
  options: { dryRun?: boolean; confirm?: boolean } = {},
): Promise<Outcomes> {
  const res = await submit(w, views, name, options);
  expect(res.status).toBe(202);
  const { batchId } = (await res.json()) as { batchId: string };
  return outcomesOf(w, batchId);
}

/** Each row's outcome in a batch's report, once it ends. */
async function outcomesOf(w: ConsoleWorld, batchId: string): Promise<Outcomes> {
  await readEvents(w, batchId);
  const rows = (await (await w.api(`/api/batches/${batchId}/rows?outcome=${EVERY_OUTCOME}&limit=1000`)).json()) as {
    rows: { row: number; outcome: string; message: string }[];
  };
  return Object.assign(new Map(rows.rows.map((r) => [r.row, r])), { batchId });
}

function post(w: ConsoleWorld, path: string, body: unknown): Promise<Response> {
  return w.api(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

/** The summary's counts, the preview, the dry run and the sync say the same of every row. */
async function agree(
  w: ConsoleWorld,
  name: string,
  text: string,
  expected: Record<string, number>,
): Promise<Views & { synced: Outcomes }> {
  const views = await plan(w, name, text);
  const tally: Record<string, number> = {};
  for (const row of views.preview) tally[row.action] = (tally[row.action] ?? 0) + 1;
  expect(Object.fromEntries(Object.entries(views.counts).filter(([, n]) => n > 0))).toEqual(tally);
  expect(tally).toEqual(expected);
  const dry = await send(w, views, name, { dryRun: true });
  // The guard: a sheet it holds is refused until confirmed; one it lets through is sent as it is.
  if (views.guardHeld) expect((await submit(w, views, name)).status).toBe(409);
  const synced = await send(w, views, name, { confirm: views.guardHeld });
  for (const row of views.preview) {
    expect({ row: row.row, dry: dry.get(row.row)?.outcome }).toEqual({
      row: row.row,
      dry: row.outcome ?? DRY_AS[row.action],
    });
    // A row the plan does not send says why, in the words its report gives.
    expect({ row: row.row, sync: synced.get(row.row)?.outcome, why: synced.get(row.row)?.message }).toMatchObject({
      row: row.row,
      sync: row.outcome ?? SENT_AS[row.action],
      ...(row.message === undefined ? {} : { why: row.message }),
    });
  }
  return { ...views, synced };
}

it('the upload is read once to plan it: the preview pages and the guard answer from its plan, the sync reads it again', async () => {
  const w = await started(startConsoleWorld());
  const sample = await readFile(SAMPLE, 'utf8');
  await agree(w, 'sample.csv', sample, { create: 8 });
  const exported = join(w.reportDir, 'export.csv');
  await writeFile(
    exported,
    ['product_id,barcode', ...w.sandbox.products().map((p) => `${p.product_id},${String(p.fields.barcode)}`)].join(
      '\n',
    ),
  );
  await linkFromFile(exported, await w.ledger(), 'barcode');
  const cut = sample.replace(',320.00,', ',64.00,');
  const planned = await plan(w, 'cut.csv', cut);
  expect(planned.guardHeld).toBe(true);
  // The sheet itself is taken away: what the page asks next comes from the plan kept beside it.
  const sheet = join(w.reportDir, 'uploads', planned.uploadId, 'cut.csv');
  await writeFile(sheet, 'not a sheet any more');
  const page = (await (await w.api(`/api/uploads/${planned.uploadId}/preview?offset=1&limit=1`)).json()) as {
    rows: PlannedRow[];
    total: number;
  };
  expect(page).toMatchObject({ total: 8, rows: [{ row: 3, action: 'update' }] });
  expect(page.rows[0]!.changes).toEqual([{ field: 'sale_price', before: 320, after: 64 }]);
  const held = await w.api('/api/batches', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ upload: planned.uploadId, name: 'cut.csv' }),
  });
  expect(held.status).toBe(409);
  // Put back, it is read once more, to be sent.
  await writeFile(sheet, cut);
  const synced = await send(w, planned, 'cut.csv', { confirm: true });
  expect([...synced.values()].map((r) => r.outcome)).toEqual(Array.from({ length: 8 }, () => 'updated'));
});

describe.each(LEDGERS)('one plan (%s)', (_name, redis) => {
  it('upload summary, preview, dry run, guard and sync agree at every step of the operator loop', async () => {
    const w = await started(startConsoleWorld({ redis, worker: true }));
    const sample = await readFile(SAMPLE, 'utf8');

    // 1. The first import: eight creates.
    await agree(w, 'sample.csv', sample, { create: 8 });
    expect(w.sandbox.products()).toHaveLength(8);

    // 2. The same sheet again: nothing is created twice, and every view says so.
    const again = await agree(w, 'sample.csv', sample, { skipped: 8 });
    expect(again.preview.every((r) => r.code === 'already_created')).toBe(true);
    expect(w.sandbox.products()).toHaveLength(8);

    // 3. The store's export links each barcode to its product_id: the same sheet's rows are now
    //    updates by barcode, and a price cut by 80% is held by the guard until confirmed.
    const exported = join(w.reportDir, 'export.csv');
    const products = w.sandbox.products();
    await writeFile(
      exported,
      ['product_id,barcode', ...products.map((p) => `${p.product_id},${String(p.fields.barcode)}`)].join('\n'),
    );
    expect(await linkFromFile(exported, await w.ledger(), 'barcode')).toMatchObject({ linked: 8, refused: [] });
    const cut = sample.replace(
      'Oud Perfume 50 ml,عطر عود ٥٠ مل,Rich oud with amber notes,عود فاخر بلمسات من العنبر,4,320.00',
      'Oud Perfume 50 ml,عطر عود ٥٠ مل,Rich oud with amber notes,عود فاخر بلمسات من العنبر,4,64.00',
    );
    expect(cut).not.toBe(sample);
    const edited = await plan(w, 'edited.csv', cut);
    expect(edited.guardHeld).toBe(true);
    const held = await w.api('/api/batches', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ upload: edited.uploadId, name: 'edited.csv' }),
    });
    expect(held.status).toBe(409);
    const oud = edited.preview.find((r) => r.changes.some((c) => c.field === 'sale_price'));
    expect(oud).toMatchObject({ action: 'update', changes: [{ field: 'sale_price', before: 320, after: 64 }] });
    await agree(w, 'edited.csv', cut, { update: 8 });
    const oudId = products.find((p) => p.fields.barcode === '6281000000028')!.product_id;
    expect(w.sandbox.products().find((p) => p.product_id === oudId)!.fields.sale_price).toBe(64);
    expect(w.sandbox.products()).toHaveLength(8);

    // 4. Two invalid rows of three new products: every view says which and why; the sync sends
    //    the good one. Fixed, the two are what the plan of the corrected sheet says they are
    //    (creates), and the fix batch creates them under the rows the operator saw.
    const broken = ['title,sale_price,category,barcode', 'Lamp,12.5,1,B-1', ',9,1,B-2', 'Desk,12.5O,1,B-3'].join('\n');
    const invalid = await agree(w, 'new.csv', broken, { create: 1, invalid: 2 });
    expect(invalid.preview.filter((r) => r.action === 'invalid').map((r) => r.row)).toEqual([3, 4]);
    const fixes = [
      { row: 3, cells: { title: 'Chair' } },
      { row: 4, cells: { sale_price: '12.5' } },
    ];
    expect(await (await post(w, `/api/batches/${invalid.synced.batchId}/fix/check`, { rows: fixes })).json()).toEqual({
      rows: [],
    });
    const corrected = ['title,sale_price,category,barcode', 'Lamp,12.5,1,B-1', 'Chair,9,1,B-2', 'Desk,12.5,1,B-3'].join(
      '\n',
    );
    const beforeFix = await plan(w, 'corrected.csv', corrected);
    expect(beforeFix.preview.map((r) => [r.row, r.action, r.code])).toEqual([
      [2, 'skipped', 'already_created'],
      [3, 'create', undefined],
      [4, 'create', undefined],
    ]);
    const fix = await post(w, `/api/batches/${invalid.synced.batchId}/fix`, { rows: fixes });
    expect(fix.status).toBe(202);
    const fixed = await outcomesOf(w, ((await fix.json()) as { batchId: string }).batchId);
    expect([...fixed].map(([row, r]) => [row, r.outcome])).toEqual([
      [3, SENT_AS.create],
      [4, SENT_AS.create],
    ]);
    const after = await agree(w, 'corrected.csv', corrected, { skipped: 3 });
    expect(after.preview.every((r) => r.code === 'already_created')).toBe(true);
    expect(w.sandbox.products()).toHaveLength(11);

    // 5. A create the store answered 500 and did not write: unknown. Planned again, every view
    //    says it is skipped until reconciled; reconciled (it never landed), it is a create again,
    //    and every view says so, once.
    const fresh = ['title,sale_price,category,barcode', 'Vase,30,6,V-1'].join('\n');
    w.sandbox.inject({ kind: 'status500', path: '/v1/create_product', times: 1 });
    const lost = await plan(w, 'fresh.csv', fresh);
    const unknown = await send(w, lost, 'fresh.csv');
    expect(unknown.get(2)?.outcome).toBe('unknown');
    const waiting = await agree(w, 'fresh.csv', fresh, { skipped: 1 });
    expect(waiting.preview[0]!.code).toBe('unknown_create');
    const reconciled = await post(w, `/api/batches/${unknown.batchId}/reconcile`, {});
    expect(reconciled.status).toBe(200);
    expect(((await reconciled.json()) as { changed: { row: number; now: string }[] }).changed).toEqual([
      expect.objectContaining({ row: 2, now: 'failed' }),
    ]);
    await agree(w, 'fresh.csv', fresh, { create: 1 });
    expect(w.sandbox.products().filter((p) => p.fields.barcode === 'V-1')).toHaveLength(1);
  });
});
