/**
 * An agency on one sandbox process: `catalog-sync sandbox --stores 5` writes its stores file, one
 * `worker` serves the file, and three of the stores import a sheet each at once. Each sheet ends in
 * its own store only, every row once; the two stores nobody imported into stay empty.
 */
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import type { BatchSummary } from '../../src/report/summary.ts';
import { startChildSandbox, type ChildSandbox } from '../helpers/child-sandbox.ts';
import { until } from '../helpers/until.ts';
import { useCliWorld, type CliRun } from '../sync/helpers/cli-world.ts';
import { agencyEnv } from './agency.ts';

const t = useCliWorld();
let sandbox: ChildSandbox | undefined;
afterEach(async () => {
  await sandbox?.stop();
});

const ROWS = 30;

async function barcodesAt(n: number): Promise<string[]> {
  const response = await fetch(`${sandbox!.url}/s/${n}/__sandbox/products`);
  const { products } = (await response.json()) as { products: { fields: Record<string, unknown> }[] };
  return products.map((p) => String(p.fields.barcode)).sort();
}

async function summaryOf(run: CliRun): Promise<BatchSummary> {
  const code = await run.exit();
  if (code !== 0) throw new Error(`exit ${code}: ${run.all()}`);
  return JSON.parse(run.out()) as BatchSummary;
}

it('a sync through the sandbox’s stores file puts each sheet in its own store only', async () => {
  const path = join(t.world.dir, 'stores.yaml');
  sandbox = await startChildSandbox(['--stores', '5', '--rate-limit', '40', '--stores-file-out', path]);
  const env = (store?: string) => agencyEnv(path, sandbox!.password, { STORE: store });
  const worker = await t.startWorker(env());
  for (const id of ['s1', 's2', 's3', 's4', 's5'])
    await until(() => worker.all().includes(`worker started for store ${id}`), `the worker to start ${id}`);

  const picked = [1, 3, 4];
  const sheets = await Promise.all(
    picked.map(async (n) => {
      const barcodes = Array.from({ length: ROWS }, (_, i) => `S${n}-${String(i).padStart(2, '0')}`);
      const file = await t.world.sheet(`s${n}.csv`, [
        'title,category,sale_price,barcode',
        ...barcodes.map((code, i) => `store ${n} item ${i},1,${i + 1},${code}`),
      ]);
      return { n, file, barcodes };
    }),
  );
  const summaries = await Promise.all(
    sheets.map(({ n, file }) => summaryOf(t.cli(['import', file, '--queue', 'redis', '--json'], env(`s${n}`)))),
  );
  for (const [i, { n, barcodes }] of sheets.entries()) {
    expect(summaries[i]!.counts.created).toBe(ROWS);
    expect(summaries[i]!.store).toMatchObject({ id: `s${n}` });
    expect(await barcodesAt(n)).toEqual(barcodes);
  }
  expect(await barcodesAt(2)).toEqual([]);
  expect(await barcodesAt(5)).toEqual([]);
});
