/**
 * POST /api/batches/{id}/undo over real HTTP against a real sandbox store, its state checked after
 * each step (issue 38): a dry run says what each product goes back to and sends nothing; sent, the
 * undo is a batch of its own whose summary names the batch it undoes, and the prices are back; a
 * sharp price cut is held by the guard (409) until confirmed; creates are listed, not sent,
 * without a hidden status; what an undo leaves alone is written beside its reports (undo-left.csv),
 * as the command writes it. English and Arabic; the local mode and the queue.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readEvents, startConsoleWorld, syncedBatch, type ConsoleWorld } from './helpers.ts';

let world: ConsoleWorld;

afterEach(async () => {
  await world.close();
});

const sync = (text: string): Promise<string> => syncedBatch(world, text);

interface UndoAnswer {
  batchId: string | null;
  undoes: string;
  send: { productId: number; changes: string; note?: string }[];
  left: { productId: number | null; code: string; reason: string }[];
  guard?: { held: boolean };
}

async function undo(batchId: string, body: object, query = ''): Promise<{ status: number; answer: UndoAnswer }> {
  const res = await world.api(`/api/batches/${batchId}/undo${query}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, answer: (await res.json()) as UndoAnswer };
}

describe.each([
  ['local', {}],
  ['redis', { redis: true, worker: true }],
] as const)('undo from the console, %s', (_, options) => {
  it('previews field by field, sends the undo as a batch of its own, is guarded, and lists creates', async () => {
    world = await startConsoleWorld(options);
    const created = await sync(['title,category,sale_price,barcode', 'A,1,12,u1', 'B,1,12,u2', ''].join('\n'));
    const [a, b] = ['u1', 'u2'].map(
      (code) => world.sandbox.products().find((p) => p.fields.barcode === code)!.product_id,
    );
    const raised = await sync(['product_id,barcode,sale_price', `${a},u1,20`, `${b},u2,20`, ''].join('\n'));
    const price = (id: number | undefined) => world.sandbox.product(id!)?.fields.sale_price;
    expect([price(a), price(b)]).toEqual([20, 20]);

    const writes = world.sandbox.requestCount('/v1/update_product');
    const preview = await undo(raised, { dryRun: true });
    expect(preview.status).toBe(200);
    expect(preview.answer).toMatchObject({
      batchId: null,
      undoes: raised,
      send: [
        { productId: a, changes: 'sale_price 20 → 12' },
        { productId: b, changes: 'sale_price 20 → 12' },
      ],
      left: [],
    });
    expect(world.sandbox.requestCount('/v1/update_product')).toBe(writes);

    const sent = await undo(raised, {});
    expect(sent.status).toBe(202);
    const undoBatch = sent.answer.batchId!;
    expect((await readEvents(world, undoBatch)).at(-1)).toMatchObject({ status: 'done', counts: { updated: 2 } });
    expect([price(a), price(b)]).toEqual([12, 12]);
    const summary = JSON.parse(await readFile(join(world.reportDir, undoBatch, 'summary.json'), 'utf8')) as object;
    expect(summary).toMatchObject({ undoes: raised, source: `undo:${raised}` });

    // Undoing the undo: 12 -> 20 is no cut; a cut sharper than the guard's share is held.
    const cut = await sync(['product_id,sale_price', `${a},100`, ''].join('\n'));
    const held = await undo(cut, {});
    expect(held.status).toBe(409);
    expect(held.answer.guard?.held).toBe(true);
    expect(price(a)).toBe(100);
    const confirmed = await undo(cut, { confirm: true });
    expect(confirmed.status).toBe(202);
    await readEvents(world, confirmed.answer.batchId!);
    expect(price(a)).toBe(12);

    // Creates, changed since: left alone; included, listed without a hidden status, nothing sent.
    const statuses = world.sandbox.requestCount('/v1/products_status');
    const changed = await undo(created, { dryRun: true }, '?lang=ar');
    expect(changed.answer.left.map((l) => l.reason)).toEqual([
      expect.stringContaining(`تغيّر بعدها في الدفعة ${confirmed.answer.batchId}`),
      expect.stringContaining(`تغيّر بعدها في الدفعة ${undoBatch}`),
    ]);
    const listed = await undo(created, { includeChanged: true });
    expect(listed).toMatchObject({ status: 200, answer: { batchId: null, send: [] } });
    expect(listed.answer.left.map((l) => [l.productId, l.code])).toEqual([
      [a, 'created_no_hidden'],
      [b, 'created_no_hidden'],
    ]);
    expect(listed.answer.left[0]?.reason).toContain('created; cannot be undone here: switch it off in the store');
    expect(world.sandbox.requestCount('/v1/products_status')).toBe(statuses);
  });

  it('writes undo-left.csv beside the undo batch’s reports, in the language asked, as the CLI’s undo does', async () => {
    world = await startConsoleWorld(options);
    await sync(['title,category,sale_price,barcode', 'A,1,12,w1', 'B,1,12,w2', ''].join('\n'));
    const [a, b] = ['w1', 'w2'].map(
      (code) => world.sandbox.products().find((p) => p.fields.barcode === code)!.product_id,
    );
    const raised = await sync(['product_id,barcode,sale_price', `${a},w1,20`, `${b},w2,20`, ''].join('\n'));
    const later = await sync(['product_id,sale_price', `${a},25`, ''].join('\n'));

    const sent = await undo(raised, {}, '?lang=ar');
    expect(sent.status).toBe(202);
    expect(sent.answer.left.map((l) => [l.productId, l.code])).toEqual([[a, 'changed_since']]);
    const undoBatch = sent.answer.batchId!;
    expect((await readEvents(world, undoBatch)).at(-1)).toMatchObject({ status: 'done', counts: { updated: 1 } });
    const price = (id: number | undefined) => world.sandbox.product(id!)?.fields.sale_price;
    expect([price(a), price(b)]).toEqual([25, 12]);

    const left = await readFile(join(world.reportDir, undoBatch, 'undo-left.csv'), 'utf8');
    const lines = left
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe('key,product_id,code,message');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`,${a},changed_since,`);
    expect(lines[1]).toContain(`تغيّر بعدها في الدفعة ${later}`);
    // The batch's other reports are there too, and the file is one of those the console serves.
    expect(JSON.parse(await readFile(join(world.reportDir, undoBatch, 'summary.json'), 'utf8'))).toMatchObject({
      undoes: raised,
    });
    const served = await world.api(`/api/batches/${undoBatch}/files/undo-left.csv`);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).toString('utf8')).toBe(left);
  });
});
