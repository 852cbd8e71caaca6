/**
 * The in-process engine reading its sheet on the sheet thread (as it does for large files) syncs
 * exactly what it syncs reading here: same store state, same report.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { openSheet } from '../../src/sheet/open.ts';
import { openSheetInThread } from '../../src/sheet/thread/threaded-sheet.ts';
import { runSync } from '../../src/sync/run-local.ts';
import type { SheetOpener } from '../../src/sync/sheet-source.ts';
import { startWorld, type World } from './helpers/world.ts';

let world: World;
beforeEach(async () => {
  world = await startWorld();
});
afterEach(async () => {
  await world.close();
});

it('syncs a 1,200-row sheet read on the sheet thread exactly as one read here', async () => {
  const lines = ['title,title_ar,category,sale_price,barcode'];
  for (let i = 0; i < 1200; i++)
    lines.push(i === 700 ? `Bad,سيء,1,not-a-price,T${i}` : `Item ${i},صنف ${i},1,${(i % 40) + 1},T${i}`);
  const sheet = await world.sheet('threaded.csv', lines);
  const run = (opener: SheetOpener, barcodePrefix: string) =>
    runSync(
      { file: sheet, batchId: `threaded-${barcodePrefix}` },
      {
        client: world.client(),
        reportDir: join(world.dir, barcodePrefix),
        rate: 10_000,
        concurrency: 8,
        openSheet: opener,
      },
    );
  const here = await run((file, options) => openSheet(file, options), 'here');
  const there = await run((file, options) => openSheetInThread(file, options), 'there');
  expect(there.counts).toEqual(here.counts);
  expect(there.counts).toMatchObject({ created: 1199, invalid: 1 });
  const report = async (summary: typeof here) =>
    (await readFile(join(summary.reportDir, 'results.csv'), 'utf8'))
      .split('\r\n')
      .map((line) => line.replace(/,\d+,\d*,\d+$/, ''));
  // Same rows, outcomes and messages, in the same order (product ids and attempts aside).
  expect((await report(there)).map((line) => line.replace(/id \d+/g, 'id N'))).toEqual(
    (await report(here)).map((line) => line.replace(/id \d+/g, 'id N')),
  );
  expect(world.sandbox.products()).toHaveLength(2 * 1199);
});
