/**
 * `catalog-sync undo <batch>` against the sandbox store, its state checked after each step (issue
 * 38), in the local mode (file ledger) and through the queue (Redis ledger, a worker): import,
 * update prices, undo -> every price back, with a report of the undo's rows; a product changed
 * since is listed and left alone; creates are switched off with HIDDEN_STATUS set, and only
 * listed without it.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BatchSummary } from '../../src/report/summary.ts';
import { startStoreWorker, type StoreWorker } from '../helpers/store-worker.ts';
import { cli, useSandboxCli } from '../intake/cli.ts';
import { productCsv } from '../intake/helpers.ts';

const t = useSandboxCli('undo');

/** The queue's mode: a worker of the store, on its Redis ledger, as `catalog-sync worker` runs. */
function useQueue(): { env: () => Record<string, string> } {
  let worker: StoreWorker | undefined;
  beforeAll(async () => {
    worker = await startStoreWorker(t.sandbox, 'test-undo');
  });
  afterAll(async () => {
    await worker?.close();
  });
  return { env: () => ({ ...t.env, ...worker?.env }) };
}

async function sync(name: string, text: string, env: Record<string, string>): Promise<BatchSummary> {
  const file = join(t.dir, name);
  await writeFile(file, text);
  const done = await cli(['import', file, '--json'], env);
  expect(done.code, done.stderr).toBe(0);
  return JSON.parse(done.stdout) as BatchSummary;
}

describe.each([
  ['local', () => t.env],
  ['redis', useQueue().env],
] as const)('undo, %s', (mode, envOf) => {
  it('puts back every price a batch changed, leaves a product changed since alone, and switches creates off only with HIDDEN_STATUS', async () => {
    const env = envOf();
    const codes = ['1', '2', '3', '4'].map((n) => `${mode}-${n}`);
    const created = await sync(`${mode}-create.csv`, productCsv(codes, 12), env);
    const ids = codes.map((code) => t.sandbox.products().find((p) => p.fields.barcode === code)!.product_id);
    const [a, b, c] = ids as [number, number, number];
    const price = (id: number) => t.sandbox.product(id)?.fields.sale_price;

    // The first three linked by their product_id and repriced; then one of them again.
    const raised = await sync(
      `${mode}-raise.csv`,
      ['product_id,barcode,sale_price', `${a},${codes[0]},20`, `${b},${codes[1]},20`, `${c},${codes[2]},20`, ''].join(
        '\n',
      ),
      env,
    );
    const again = await sync(`${mode}-again.csv`, ['product_id,sale_price', `${a},25`, ''].join('\n'), env);
    expect([price(a), price(b), price(c)]).toEqual([25, 20, 20]);
    const shown = await cli(['ledger', 'show', `product_id=${a}`], env);
    expect(shown.stdout).toContain(`batch ${created.batchId} created it`);
    expect(shown.stdout).toContain(`batch ${raised.batchId} changed sale_price was 12`);
    expect(shown.stdout).toContain(`batch ${again.batchId} changed sale_price was 20`);

    // The preview, field by field, sends nothing.
    const writes = t.sandbox.requestCount('/v1/update_product');
    const preview = await cli(['undo', raised.batchId, '--dry-run'], env);
    expect(preview.code).toBe(1);
    expect(preview.stdout).toContain(`product_id ${b}: sale_price 20 → 12`);
    expect(preview.stdout).toContain(`product_id ${a}: changed since by ${again.batchId}: left alone`);
    expect(t.sandbox.requestCount('/v1/update_product')).toBe(writes);

    const undone = await cli(['undo', raised.batchId, '--json'], env);
    expect(undone.code, undone.stderr).toBe(1); // product a needs a person
    const summary = JSON.parse(undone.stdout) as BatchSummary & { left: { productId: number; code: string }[] };
    expect(summary.undoes).toBe(raised.batchId);
    expect(summary.counts.updated).toBe(2);
    expect(summary.left).toMatchObject([{ productId: a, code: 'changed_since' }]);
    expect([price(a), price(b), price(c)]).toEqual([25, 12, 12]);
    const results = await readFile(join(summary.reportDir, 'results.csv'), 'utf8');
    expect(results).toContain(`${b},12`);
    expect(results).toContain(`${c},12`);
    expect(JSON.parse(await readFile(join(summary.reportDir, 'summary.json'), 'utf8'))).toMatchObject({
      undoes: raised.batchId,
    });
    expect(await readFile(join(summary.reportDir, 'undo-left.csv'), 'utf8')).toContain(
      `changed since by ${again.batchId}`,
    );

    // Included by its product_id, the product changed since goes back too: 25 -> 12 is held by
    // the guard as any sheet's would be, until confirmed. The others, put back already, are left.
    const held = await cli(['undo', raised.batchId, '--include', String(a)], env);
    expect(held.code).toBe(2);
    expect(held.stderr).toContain('held by the guard, nothing sent');
    expect(price(a)).toBe(25);
    const included = await cli(['undo', raised.batchId, '--include', String(a), '--confirm'], env);
    expect(included.stdout).toContain(`product_id ${b}: changed since by ${summary.batchId}`);
    expect(price(a)).toBe(12);

    // The creates: without a hidden status, listed and nothing sent; the one never linked, listed either way.
    const before = t.sandbox.requestCount('/v1/products_status');
    const listed = await cli(['undo', created.batchId, '--include-changed'], env);
    expect(listed.code).toBe(1);
    expect(listed.stdout).toContain(`product_id ${a}: created; cannot be undone here: switch it off in the store`);
    expect(listed.stdout).toContain(`k:barcode:${codes[3]}: created; cannot be undone here`);
    expect(t.sandbox.requestCount('/v1/products_status')).toBe(before);

    const hidden = await cli(['undo', created.batchId, '--include-changed', '--json'], { ...env, HIDDEN_STATUS: '0' });
    expect(hidden.code).toBe(1); // the unlinked one still needs a person
    expect((JSON.parse(hidden.stdout) as BatchSummary).counts.status_changed).toBe(3);
    expect(ids.map((id) => t.sandbox.product(id)?.product_status)).toEqual([0, 0, 0, 1]);
  });
});
