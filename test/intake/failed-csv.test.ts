/**
 * failed.csv says why each row is in it (`outcome`, `message` after `row`). Given back to `rerun`
 * after a fix, those columns are ignored: the store receives what the fixed cells say and nothing
 * else, the ledger records the row numbers the person first saw, and the new batch names the file
 * as its source. Through the real CLI against the sandbox store over HTTP.
 */
import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { cli, summaryOf, useSandboxCli } from './cli.ts';

const t = useSandboxCli('failed-csv');

it('failed.csv names each row’s outcome and message; an edited copy re-runs as before, recorded under its first row numbers', async () => {
  const { dir, sandbox, env } = t;
  // Row 2 is created, row 3 is invalid (a letter O in the price), row 4 the store refuses (no category 99).
  const { batch, failedCsv } = await t.importWithFailures(['Good,10,1,b1', 'Typo,12.5O,1,b2', 'Lost,5,99,b4']);
  const text = await readFile(failedCsv, 'utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  const lines = text.slice(1).split('\r\n');
  expect(lines[0]).toBe('title,sale_price,category,barcode,row,outcome,message');
  expect(lines.slice(1)).toEqual([
    'Typo,12.5O,1,b2,3,invalid,"sale_price: ""12.5O"" is not a number (expected e.g. 12.50)"',
    'Lost,5,99,b4,4,failed,Category not found',
    '',
  ]);

  // The person fixes both rows, and writes over the outcome and message cells: those are not sent.
  const fixed = [lines[0], 'Typo,12.50,1,b2,3,created,fixed the price', 'Lost,5,2,b4,4,,"=SUM(A1)"', ''].join('\r\n');
  await writeFile(failedCsv, `\uFEFF${fixed}`);
  sandbox.resetStats();
  const edited = await cli(['rerun', failedCsv, '--json'], env);
  expect(edited.stderr).toBe('');
  expect(edited.code).toBe(0);
  const rerun = summaryOf(edited);
  expect(rerun).toMatchObject({
    total: 2,
    counts: { created: 2 },
    rerunOf: batch.batchId,
    source: `rerun:${failedCsv}`,
  });
  expect(t.createBodies()).toEqual([
    { title: 'Typo', sale_price: 12.5, category: 1, barcode: 'b2' },
    { title: 'Lost', sale_price: 5, category: 2, barcode: 'b4' },
  ]);

  // The ledger records the rows where the person first saw them (3 and 4), not failed.csv's 2 and 3.
  const b2 = await cli(['ledger', 'show', 'b2'], env);
  expect(b2.stdout).toContain(`synced: the store confirmed it (batch ${rerun.batchId}, row 3)`);
  const b4 = await cli(['ledger', 'show', 'b4'], env);
  expect(b4.stdout).toContain(`synced: the store confirmed it (batch ${rerun.batchId}, row 4)`);
  const rerunFailed = await readFile(join(rerun.reportDir, 'failed.csv'), 'utf8');
  expect(rerunFailed).toBe('\uFEFFtitle,sale_price,category,barcode,row,outcome,message\r\n');

  // A copy away from its report folder: the file is the source, and no folder is taken for a batch.
  await mkdir(join(dir, 'desk'));
  const copy = join(dir, 'desk', 'failed.csv');
  await copyFile(failedCsv, copy);
  sandbox.resetStats();
  const again = await cli(['rerun', copy, '--json'], env);
  const summary = summaryOf(again);
  expect(summary.source).toBe(`rerun:${copy}`);
  expect(summary.rerunOf).toBeUndefined();
  expect(summary.counts.skipped).toBe(2);
  expect(t.createBodies()).toEqual([]);
  expect(t.barcodes()).toEqual(['b1', 'b2', 'b4']);
});
