/**
 * A re-run of an edited failed.csv through the queue records the ledger's rows where the person
 * first saw them, as a local one does (failed-csv.test.ts): the worker hands the row
 * processor the row's first number.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { startStoreWorker, type StoreWorker } from '../helpers/store-worker.ts';
import { cli, summaryOf, useSandboxCli } from './cli.ts';

const t = useSandboxCli('failed-csv-queue');
let worker: StoreWorker;
beforeEach(async () => {
  worker = await startStoreWorker(t.sandbox, 'test-failed-csv-queue');
});
afterEach(async () => {
  await worker.close();
});

it('an edited failed.csv re-run through the queue is recorded under the rows the person first saw', async () => {
  const env = { ...t.env, ...worker.env };
  const { failedCsv } = await t.importWithFailures(['Good,10,1,q1', 'Typo,12.5O,1,q2', 'Lost,5,99,q4'], worker.env);
  const lines = (await readFile(failedCsv, 'utf8')).slice(1).split('\r\n');
  await writeFile(failedCsv, [lines[0], 'Typo,12.50,1,q2,3,,', 'Lost,5,2,q4,4,,', ''].join('\r\n'));

  const edited = await cli(['rerun', failedCsv, '--json'], env);
  expect(edited.code, edited.stderr).toBe(0);
  const rerun = summaryOf(edited);
  expect(rerun.counts.created).toBe(2);
  const q2 = await cli(['ledger', 'show', 'q2'], env);
  expect(q2.stdout).toContain(`synced: the store confirmed it (batch ${rerun.batchId}, row 3)`);
  const q4 = await cli(['ledger', 'show', 'q4'], env);
  expect(q4.stdout).toContain(`synced: the store confirmed it (batch ${rerun.batchId}, row 4)`);
});
