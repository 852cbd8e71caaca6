/**
 * `rerun` and `reconcile` from the command line work only on the configured store's batches: two
 * stores whose reports share one folder, each with its own ledger. Another store's batch exits 2,
 * naming both stores, before anything is sent; a report that does not say its store (an earlier
 * version's) needs `--store-check=off`, which never lets another store's batch through.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import type { BatchSummary } from '../../src/report/summary.ts';
import { cli, useSandboxCli, type SandboxCli } from '../intake/cli.ts';

const storeA = useSandboxCli('store-a');
const storeB = useSandboxCli('store-b');

/** Store B's environment, with the reports in store A's folder: one folder shared by both. */
const envB = () => ({ ...storeB.env, REPORT_DIR: storeA.env.REPORT_DIR! });

/** Requests that change a store or read it for a batch. */
function batchRequests(store: SandboxCli): number {
  return ['/v1/create_product', '/v1/update_product', '/v1/products_status', '/v1/categories']
    .map((path) => store.sandbox.requestCount(path))
    .reduce((a, b) => a + b, 0);
}

/** A batch on store B: one create, one failed update (a product B lacks). */
async function batchOnB(name: string): Promise<BatchSummary> {
  const sheet = join(storeB.dir, `${name}.csv`);
  await writeFile(sheet, `title,sale_price,category,barcode,product_id\nLamp,12.5,1,${name},\n,15,,,999\n`);
  const run = await cli(['import', sheet, '--json'], envB());
  expect(run.code).toBe(1);
  const summary = JSON.parse(run.stdout) as BatchSummary;
  expect(summary.counts).toMatchObject({ created: 1, failed: 1 });
  return summary;
}

it("rerun and reconcile of another store's batch exit 2 naming both stores, and send nothing", async () => {
  const { batchId } = await batchOnB('B-1');
  storeA.sandbox.resetStats();
  for (const args of [
    ['rerun', batchId],
    ['rerun', batchId, '--store-check=off'],
    ['reconcile', batchId],
    ['reconcile', batchId, '--dry-run', '--store-check=off'],
  ]) {
    const run = await cli(args, storeA.env);
    expect(run.code, args.join(' ')).toBe(2);
    expect(run.stderr).toMatch(/went to .*, not to the configured store/);
    const [went, configured] = run.stderr.split('not to the configured store');
    expect(went).toContain(`${storeB.sandbox.url}, ${storeB.sandbox.email}`);
    expect(configured).toContain(`${storeA.sandbox.url}, ${storeA.sandbox.email}`);
  }
  expect(batchRequests(storeA)).toBe(0);
  expect(storeA.sandbox.products()).toHaveLength(0);
  // Its own store re-runs it (the failed row fails again: exit 1, one update sent).
  storeB.sandbox.resetStats();
  const own = await cli(['rerun', batchId, '--json'], envB());
  expect(own.code).toBe(1);
  expect(JSON.parse(own.stdout)).toMatchObject({ rerunOf: batchId, counts: { failed: 1 } });
  expect(storeB.sandbox.requestCount('/v1/update_product')).toBe(1);
});

it('a report that does not say its store is re-run only with --store-check=off', async () => {
  const { batchId, reportDir } = await batchOnB('B-2');
  const summaryFile = join(reportDir, 'summary.json');
  const { store: _store, ...earlier } = JSON.parse(await readFile(summaryFile, 'utf8')) as Record<string, unknown>;
  await writeFile(summaryFile, JSON.stringify(earlier));
  storeB.sandbox.resetStats();

  const refused = await cli(['rerun', batchId], envB());
  expect(refused.code).toBe(2);
  expect(refused.stderr).toContain('does not say which store it went to');
  expect(refused.stderr).toContain('--store-check=off');
  const refusedReconcile = await cli(['reconcile', batchId, '--dry-run'], envB());
  expect(refusedReconcile.code).toBe(2);
  expect(batchRequests(storeB)).toBe(0);

  const accepted = await cli(['rerun', batchId, '--store-check=off', '--json'], envB());
  expect(accepted.code).toBe(1);
  expect(JSON.parse(accepted.stdout)).toMatchObject({ rerunOf: batchId, store: { url: storeB.sandbox.url } });
});

it("an edited failed.csv copied out of its batch's folder is a sheet: synced to the configured store", async () => {
  const { reportDir } = await batchOnB('B-3');
  const copy = join(storeA.dir, 'fixed.csv');
  const failed = await readFile(join(reportDir, 'failed.csv'), 'utf8');
  await writeFile(copy, failed.replace(',999', ',').replace(/\n,15,,/, '\nFixed lamp,15,1,A-fixed'));
  const run = await cli(['rerun', copy, '--json'], storeA.env);
  expect(run.code, run.stderr).toBe(0);
  expect(storeA.barcodes()).toContain('A-fixed');
});
