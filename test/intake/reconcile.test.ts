/**
 * `reconcile` settles a batch's unknown creates from its categories' product_total, through the
 * real CLI against the sandbox (which keeps product_total true): creates whose answer was lost
 * after the store wrote them are recorded created and never sent again; creates the store never
 * wrote become sendable and `rerun` creates each once; a category where some landed and some did
 * not stays unknown with its evidence printed. The sandbox's products are the judge.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BatchSummary } from '../../src/report/summary.ts';
import { openSheet } from '../../src/sheet/index.ts';
import type { ReconcileReport } from '../../src/sync/reconcile/run.ts';
import { cli as runCli, useSandboxCli } from './cli.ts';

const t = useSandboxCli('reconcile');

async function cli(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  const { code, stdout, stderr } = await runCli(args, t.env);
  return { code, out: stdout, err: stderr };
}

/** Imports a product of `category` for each barcode, one at a time; returns the batch's summary. */
async function importRows(name: string, category: number, barcodes: string[]): Promise<BatchSummary> {
  const sheet = join(t.dir, `${name}.csv`);
  const rows = barcodes.map((barcode) => `Item ${barcode},${category},1,${barcode}`);
  await writeFile(sheet, ['title,category,sale_price,barcode', ...rows, ''].join('\n'));
  const run = await cli('import', sheet, '--json');
  return JSON.parse(run.out) as BatchSummary;
}

/** `reconcile` of the batch with these flags, which ends without error (exit 0). */
async function reconcile(batch: BatchSummary, ...flags: string[]): Promise<{ out: string; err: string }> {
  const run = await cli('reconcile', batch.batchId, ...flags);
  expect(run.code, run.err).toBe(0);
  return run;
}

async function outcomes(summary: BatchSummary): Promise<string[]> {
  const csv = await readFile(join(summary.reportDir, 'results.csv'), 'utf8');
  const [header, ...lines] = csv
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  const at = header!.split(',').indexOf('outcome');
  return lines.map((line) => line.split(',')[at]!);
}

/** The outcome column of results.xlsx, as Excel shows it. */
async function xlsxOutcomes(summary: BatchSummary): Promise<string[]> {
  const sheet = await openSheet(join(summary.reportDir, 'results.xlsx'));
  const at = sheet.headers.indexOf('outcome');
  const found: string[] = [];
  for await (const row of sheet.rows()) found.push(row.cells[at]!);
  return found;
}

async function summaryOf(summary: BatchSummary): Promise<BatchSummary> {
  return JSON.parse(await readFile(join(summary.reportDir, 'summary.json'), 'utf8')) as BatchSummary;
}

describe('reconcile', () => {
  it('records created the unknown creates that all landed; rerun and a new import send none of them', async () => {
    // The first two creates are written, then their connections reset: their answer is lost.
    t.sandbox.inject({ kind: 'resetAfterApply', path: '/v1/create_product', times: 2 });
    const batch = await importRows('landed', 1, ['a1', 'a2', 'a3']);
    expect(batch.counts).toMatchObject({ unknown: 2, created: 1 });
    expect(batch.categoryCounts?.before?.totals['1']).toBe(0);
    expect(batch.categoryCounts?.after?.totals['1']).toBe(3);

    const dry = await reconcile(batch, '--dry-run');
    expect(dry.out).toMatch(/^1 +0 +3 +3 +1 +2 +all landed/m);
    expect(dry.out).toContain('2 would become created');
    expect(await outcomes(batch)).toEqual(['unknown', 'unknown', 'created']);

    const run = await reconcile(batch, '--json');
    const report = JSON.parse(run.out) as ReconcileReport;
    expect(report.categories).toEqual([
      expect.objectContaining({
        category: '1',
        before: 0,
        after: 3,
        rise: 3,
        confirmed: 1,
        unknown: 2,
        verdict: 'all_landed',
      }),
    ]);
    expect(report.changed.map((c) => [c.row, c.was, c.now])).toEqual([
      [2, 'unknown', 'created'],
      [3, 'unknown', 'created'],
    ]);
    expect(await outcomes(batch)).toEqual(['created', 'created', 'created']);
    expect(await xlsxOutcomes(batch)).toEqual(['created', 'created', 'created']);
    const rewritten = await summaryOf(batch);
    expect(rewritten.counts).toMatchObject({ created: 3, unknown: 0 });
    expect(rewritten.categoryCounts).toEqual(batch.categoryCounts);
    expect(rewritten.reconciled?.rows[0]?.earlierMessage).not.toBe('');
    const failedCsv = await readFile(join(batch.reportDir, 'failed.csv'), 'utf8');
    expect(failedCsv.trim().split('\r\n')).toHaveLength(1);

    // Run again: nothing left to decide, and the first run's evidence stays.
    await reconcile(batch);
    const twice = (await summaryOf(batch)).reconciled;
    expect(twice?.categories[0]?.verdict).toBe('all_landed');
    expect(twice?.rows).toHaveLength(2);

    t.sandbox.resetStats();
    const rerun = await cli('rerun', batch.batchId, '--include-unknown');
    expect(rerun.code).toBe(2);
    expect(rerun.err).toContain('no failed or unknown rows');
    const again = await importRows('landed-again', 1, ['a1', 'a2', 'a3']);
    expect(again.counts.skipped).toBe(3);
    expect(t.createBodies()).toHaveLength(0);
    expect(t.barcodes().filter((b) => b.startsWith('a'))).toEqual(['a1', 'a2', 'a3']);
  });

  it('makes the unknown creates the store never wrote sendable; rerun creates each once', async () => {
    // A 500 before the store writes anything: the client cannot tell, so the row is unknown.
    t.sandbox.inject({ kind: 'status500', path: '/v1/create_product', times: 2 });
    const batch = await importRows('never', 2, ['n1', 'n2', 'n3']);
    expect(batch.counts).toMatchObject({ unknown: 2, created: 1 });

    const run = await reconcile(batch);
    expect(run.out).toMatch(/^2 +0 +1 +1 +1 +2 +none landed/m);
    expect(run.out).toContain(
      `2 now failed (not created, safe to send again: catalog-sync rerun ${batch.batchId}): rows 2, 3`,
    );
    expect(await outcomes(batch)).toEqual(['failed', 'failed', 'created']);
    const csv = await readFile(join(batch.reportDir, 'results.csv'), 'utf8');
    expect(csv).toContain('not created (category 2: 0 -> 1');

    t.sandbox.resetStats();
    const rerun = await cli('rerun', batch.batchId, '--json');
    expect(rerun.code).toBe(0);
    expect((JSON.parse(rerun.out) as BatchSummary).counts.created).toBe(2);
    expect(t.createBodies().map((body) => body.barcode)).toEqual(['n1', 'n2']);
    expect(t.barcodes().filter((b) => b.startsWith('n'))).toEqual(['n1', 'n2', 'n3']);
  });

  it("finds the ledger entries by the batch's own key column, named in its summary.json", async () => {
    t.sandbox.inject({ kind: 'status500', path: '/v1/create_product', times: 1 });
    const sheet = join(t.dir, 'by-title.csv');
    await writeFile(sheet, 'title,category,sale_price\nKeyed P,5,1\nKeyed Q,5,1\n');
    const batch = JSON.parse((await cli('import', sheet, '--key-column', 'title', '--json')).out) as BatchSummary;
    expect(batch.counts).toMatchObject({ unknown: 1, created: 1 });
    expect(batch.keyColumn).toBe('title');

    const run = await reconcile(batch);
    expect(run.err).not.toContain('warning');
    expect(await outcomes(batch)).toEqual(['failed', 'created']);
    t.sandbox.resetStats();
    const rerun = await cli('rerun', batch.batchId, '--key-column', 'title', '--json');
    expect((JSON.parse(rerun.out) as BatchSummary).counts.created).toBe(1);
    expect(t.createBodies().map((body) => body.title)).toEqual(['Keyed P']);
  });

  it('leaves a category where some landed and some did not unknown, with its evidence', async () => {
    t.sandbox.inject({ kind: 'resetAfterApply', path: '/v1/create_product', times: 1 });
    t.sandbox.inject({ kind: 'status500', path: '/v1/create_product', times: 1 });
    const batch = await importRows('mixed', 3, ['m1', 'm2', 'm3']);
    expect(batch.counts).toMatchObject({ unknown: 2, created: 1 });

    const run = await reconcile(batch);
    expect(run.out).toMatch(/^3 +0 +2 +2 +1 +2 +unclear +rose by 2: 1 of the 2 unknown creates landed/m);
    expect(run.out).toContain('2 left unknown (see WHY): rows 2, 3');
    expect(await outcomes(batch)).toEqual(['unknown', 'unknown', 'created']);
    expect((await summaryOf(batch)).reconciled?.categories[0]?.verdict).toBe('unclear');
  });

  it('counts now when the batch has no counts after its last row, and says the evidence is weaker', async () => {
    t.sandbox.inject({ kind: 'status500', path: '/v1/create_product', times: 1 });
    const batch = await importRows('no-after', 4, ['l1', 'l2']);
    expect(batch.counts).toMatchObject({ unknown: 1, created: 1 });
    // As a process that stopped before its last row was counted leaves it.
    const file = join(batch.reportDir, 'summary.json');
    const { after: _after, ...before } = batch.categoryCounts!;
    await writeFile(file, JSON.stringify({ ...(await summaryOf(batch)), categoryCounts: before }));

    const run = await reconcile(batch);
    expect(run.err).toContain('warning: the batch has no counts after its last row');
    expect(run.err).toContain('makes the evidence weaker');
    expect(run.out).toMatch(/^4 +0 +1 +1 +1 +1 +none landed/m);
    expect((await summaryOf(batch)).reconciled?.lateAfter?.totals['4']).toBe(1);
  });

  it('exits 2 on a batch id that names no batch', async () => {
    const run = await cli('reconcile', 'no-such-batch');
    expect(run.code).toBe(2);
    expect(run.err).toContain('no-such-batch: no such batch id or report folder');
    const json = await cli('reconcile', 'no-such-batch', '--json');
    expect(json.code).toBe(2);
    expect(JSON.parse(json.out)).toMatchObject({ error: { exitCode: 2 } });
  });
});
