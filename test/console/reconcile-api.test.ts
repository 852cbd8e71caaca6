/**
 * POST /api/batches/{id}/reconcile over real HTTP against a real sandbox store, whose
 * product_total stays true: a dry run changes no file and no ledger entry; applied, creates the
 * store never wrote become `failed` and a re-run creates each once, creates it wrote become
 * `created` and no sync sends them again. A batch still running is 409, an unknown one 404, one
 * of another store sharing the report folder 409 naming both; `?lang=ar` answers in Arabic.
 */
import { readdir, readFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ReconcileAnswer } from '../../src/console/reconcile-view.ts';
import { readEvents, sheetForm, startConsoleWorld, useConsoleWorld } from './helpers.ts';

const world = useConsoleWorld();

/** Three creates in one category, by barcode. */
function sheet(category: number, prefix: string): string {
  return ['title,category,sale_price,barcode', ...[1, 2, 3].map((n) => `T${n},${category},1,${prefix}${n}`)].join('\n');
}

async function submit(text: string): Promise<string> {
  const res = await world.api('/api/batches', { method: 'POST', body: sheetForm('products.csv', text) });
  expect(res.status).toBe(202);
  return ((await res.json()) as { batchId: string }).batchId;
}

async function sync(text: string): Promise<string> {
  const batchId = await submit(text);
  expect((await readEvents(world, batchId)).at(-1)).toMatchObject({ status: 'done' });
  return batchId;
}

function reconcile(batchId: string, body: unknown, query = ''): Promise<Response> {
  return world.api(`/api/batches/${batchId}/reconcile${query}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

async function outcomes(batchId: string): Promise<[number, string][]> {
  const res = await world.api(`/api/batches/${batchId}/rows?outcome=created,failed,unknown`);
  const page = (await res.json()) as { rows: { row: number; outcome: string }[] };
  return page.rows.map((r) => [r.row, r.outcome]);
}

/** Every file of the world but the uploads: the batch's report files and the ledger's. */
async function files(): Promise<Map<string, string>> {
  const root = dirname(world.reportDir);
  const found = new Map<string, string>();
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    const path = join(entry.parentPath, entry.name);
    if (entry.isFile() && !relative(root, path).includes('uploads'))
      found.set(relative(root, path), (await readFile(path)).toString('base64'));
  }
  return found;
}

const creates = (): number => world.sandbox.requestCount('/v1/create_product');
const barcodes = (): unknown[] =>
  world.sandbox
    .products()
    .map((p) => p.fields.barcode)
    .sort();

describe('reconcile from the console', () => {
  it('dry run changes nothing; applied, creates that never landed become failed and a re-run creates each once', async () => {
    // Two creates answered 500 and never written: their outcome is unknown.
    world.sandbox.inject({ kind: 'status500', path: '/v1/create_product', times: 2 });
    const batchId = await sync(sheet(2, 'n'));
    const unknownRows = (await outcomes(batchId)).filter(([, o]) => o === 'unknown').map(([row]) => row);
    expect(unknownRows).toHaveLength(2);
    const before = await files();

    const dry = await reconcile(batchId, { dryRun: true });
    expect(dry.status).toBe(200);
    const would = (await dry.json()) as ReconcileAnswer;
    expect(would).toMatchObject({ batchId, dryRun: true, leftUnknown: [], warnings: [] });
    expect(would.categories).toEqual([
      expect.objectContaining({ category: '2', before: 0, after: 1, rise: 1, confirmed: 1, unknown: 2 }),
    ]);
    expect(would.changed.map((c) => [c.row, c.was, c.now])).toEqual(
      unknownRows.map((row) => [row, 'unknown', 'failed']),
    );
    expect(would.changed[0]!.reason).toBe(
      'rose by 1, exactly the 1 confirmed create: none of the unknown creates landed',
    );
    // Nothing changed: not the report, not the ledger.
    expect(await files()).toEqual(before);
    expect(await outcomes(batchId)).toEqual(expect.arrayContaining(unknownRows.map((row) => [row, 'unknown'])));

    const applied = await reconcile(batchId, { dryRun: false });
    expect(applied.status).toBe(200);
    expect(((await applied.json()) as ReconcileAnswer).changed.map((c) => c.now)).toEqual(['failed', 'failed']);
    expect(await outcomes(batchId)).toEqual(expect.arrayContaining(unknownRows.map((row) => [row, 'failed'])));
    const view = (await (await world.api(`/api/batches/${batchId}`)).json()) as { counts: Record<string, number> };
    expect(view.counts).toMatchObject({ created: 1, failed: 2, unknown: 0 });
    expect(await files()).not.toEqual(before);

    // The failed rows are sendable now: a re-run creates each once.
    const rerun = await world.api(`/api/batches/${batchId}/rerun`, { method: 'POST' });
    expect(rerun.status).toBe(202);
    const again = ((await rerun.json()) as { batchId: string }).batchId;
    expect((await readEvents(world, again)).at(-1)).toMatchObject({ status: 'done', counts: { created: 2 } });
    expect(barcodes()).toEqual(['n1', 'n2', 'n3']);
  });

  it('records created the creates that all landed: a new sync sends none of them', async () => {
    // Written, then the connection reset: the answer is lost.
    world.sandbox.inject({ kind: 'resetAfterApply', path: '/v1/create_product', times: 2 });
    const text = sheet(1, 'a');
    const batchId = await sync(text);
    const applied = await reconcile(batchId, {}, '?dryRun=false');
    expect(applied.status).toBe(200);
    const answer = (await applied.json()) as ReconcileAnswer;
    expect(answer.changed.map((c) => c.now)).toEqual(['created', 'created']);
    expect(answer.categories[0]).toMatchObject({ verdict: 'all_landed', rise: 3 });
    expect((await outcomes(batchId)).map(([, o]) => o)).toEqual(['created', 'created', 'created']);
    expect((await world.api(`/api/batches/${batchId}/rerun`, { method: 'POST' })).status).toBe(409);

    const sent = creates();
    const second = await sync(text);
    expect(creates()).toBe(sent);
    expect((await outcomes(second)).map(([, o]) => o)).not.toContain('created');
    expect(barcodes()).toEqual(['a1', 'a2', 'a3']);
  });

  it('answers in Arabic with ?lang=ar, and leaves unknown what the counts cannot settle, saying why', async () => {
    // One written and lost, one never written: the category rose by one of the two.
    world.sandbox.inject({ kind: 'resetAfterApply', path: '/v1/create_product', times: 1 });
    world.sandbox.inject({ kind: 'status500', path: '/v1/create_product', times: 1 });
    const batchId = await sync(sheet(3, 'm'));
    const res = await reconcile(batchId, { dryRun: true }, '?lang=ar');
    expect(res.status).toBe(200);
    const answer = (await res.json()) as ReconcileAnswer;
    expect(answer.changed).toEqual([]);
    expect(answer.leftUnknown).toHaveLength(2);
    const reason = 'ارتفع العدد بمقدار 2: وصلت 1 من 2 عمليات إنشاء غير معروفة، ولا تقول الأعداد أيّها';
    expect(answer.leftUnknown.map((left) => left.reason)).toEqual([reason, reason]);
    expect(answer.categories[0]).toMatchObject({ verdict: 'unclear', reason });
    // Accept-Language says it too.
    const header = await world.api(`/api/batches/${batchId}/reconcile?dryRun=true`, {
      method: 'POST',
      headers: { 'accept-language': 'ar-EG,en;q=0.5' },
    });
    expect(((await header.json()) as ReconcileAnswer).categories[0]!.reason).toBe(reason);
  });

  it('refuses a batch still running (409), an unknown batch (404), a bad id (400) and a bad dryRun (400)', async () => {
    // The create is written and its answer held back: the batch runs until it comes.
    world.sandbox.inject({ kind: 'delayAfterApply', path: '/v1/create_product', delayMs: 3000 });
    const running = await submit(sheet(1, 'r').split('\n').slice(0, 2).join('\n'));
    await expect.poll(() => creates(), { timeout: 60_000 }).toBe(1);
    const early = await reconcile(running, { dryRun: true });
    expect(early.status).toBe(409);
    expect(await early.json()).toEqual({
      error: `batch ${running} has not ended yet: check it with the store once it has`,
    });
    expect((await readEvents(world, running)).at(-1)).toMatchObject({ status: 'done' });
    expect((await reconcile(running, { dryRun: true })).status).toBe(200);

    const missing = await reconcile('20990101-000000-nothing', { dryRun: true });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: 'no batch 20990101-000000-nothing' });
    expect((await reconcile('..%2Fx', { dryRun: true })).status).toBe(400);
    expect((await reconcile(running, { dryRun: 'maybe' })).status).toBe(400);
  });

  it('refuses a batch of another store that shares the report folder, naming both, and changes nothing of it', async () => {
    world.sandbox.inject({ kind: 'status500', path: '/v1/create_product', times: 1 });
    const batchId = await sync(sheet(1, 'o'));
    const other = await startConsoleWorld({ reportDir: world.reportDir });
    try {
      const before = await readFile(join(world.reportDir, batchId, 'results.csv'), 'utf8');
      const res = await other.api(`/api/batches/${batchId}/reconcile`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ dryRun: false }),
      });
      expect(res.status).toBe(409);
      const body = (await res.json()) as { error: string; batchStore: { url: string }; store: { url: string } };
      expect(body.error).toContain(`batch ${batchId} went to`);
      expect(body.batchStore.url).not.toBe(body.store.url);
      expect(body.error).toContain(body.batchStore.url);
      expect(body.error).toContain(body.store.url);
      expect(await readFile(join(world.reportDir, batchId, 'results.csv'), 'utf8')).toBe(before);
    } finally {
      await other.close();
    }
  });
});
