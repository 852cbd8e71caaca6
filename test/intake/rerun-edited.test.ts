/**
 * A person fixes failed.csv in Excel and gives it to `rerun`: every row in it is synced as it now
 * reads, the fixed invalid rows too; the ledger still stops a second create. `rerun <batch-id>`
 * re-sends the failed rows only and says how many invalid rows need a fix first. Through the
 * real CLI against the sandbox store over HTTP.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, summaryOf, useSandboxCli } from './cli.ts';

const t = useSandboxCli('rerun-edited');

describe('rerun of an edited failed.csv', () => {
  it('syncs every row as edited; a batch re-run sends the failed rows and names the invalid ones', async () => {
    const { sandbox, env } = t;
    // Row 2 is fine, rows 3 and 4 are invalid (a price typed with a letter O, no title), row 5 is
    // refused by the store (no category 99): two rows need a fix, one only a re-run.
    const rows = ['Good,10,1,b1', 'Typo,12.5O,1,b2', ',7,1,b3', 'Lost,5,99,b4'];
    const { batch, failedCsv } = await t.importWithFailures(rows);
    expect(batch.counts).toMatchObject({ created: 1, invalid: 2, failed: 1 });

    // The batch re-run sends row 5 again (still refused) and says the invalid ones need a fix.
    sandbox.resetStats();
    const byBatch = await cli(['rerun', batch.batchId, '--json'], env);
    expect(byBatch.code).toBe(1);
    expect(byBatch.stderr).toContain(`2 invalid rows need a fix first: correct them in ${failedCsv}`);
    expect(byBatch.stderr).toContain(`catalog-sync rerun ${failedCsv}`);
    expect(summaryOf(byBatch).total).toBe(1);
    expect(t.createBodies().map((body) => body.barcode)).toEqual(['b4']);

    // The person fixes all three in failed.csv (as Excel saves it, in place) and re-runs that file.
    const text = await readFile(failedCsv, 'utf8');
    const fixed = text.replace('12.5O', '12.50').replace(',7,1,b3', 'Untitled,7,1,b3').replace(',99,', ',2,');
    expect(fixed).not.toBe(text);
    await writeFile(failedCsv, fixed);
    const edited = await cli(['rerun', failedCsv, '--json'], env);
    expect(edited.stderr).toBe('');
    expect(edited.code).toBe(0);
    const rerun = summaryOf(edited);
    expect(rerun.rerunOf).toBe(batch.batchId);
    expect(rerun.total).toBe(3);
    expect(rerun.counts.created).toBe(3);
    expect(t.barcodes()).toEqual(['b1', 'b2', 'b3', 'b4']);
    const results = (await readFile(join(rerun.reportDir, 'results.csv'), 'utf8')).replace(/^\uFEFF/, '');
    // The rows keep the numbers the person first saw.
    expect(results).toMatch(/\nTypo,12.50,1,b2,3,created,/);
    expect(results).toMatch(/\nLost,5,2,b4,5,created,/);

    // The same file again creates nothing twice: the ledger answers.
    sandbox.resetStats();
    const again = await cli(['rerun', failedCsv, '--json'], env);
    expect(summaryOf(again).counts.skipped).toBe(3);
    expect(sandbox.requestCount('/v1/create_product')).toBe(0);
    expect(t.barcodes()).toEqual(['b1', 'b2', 'b3', 'b4']);
  });
});
