/**
 * Every command reads a workbook the same way (issue 11): a workbook with a Products sheet and a
 * Brands sheet is two batches, products then brands, whether it is imported, run as a scheduled
 * job or dropped into the watched folder. The store receives the same calls from each.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { beforeAll, expect, it } from 'vitest';
import type { DropReport } from '../../src/intake/drop-file.ts';
import type { SandboxHandle } from '../../src/sandbox/index.ts';
import { useWorld } from '../helpers/use-world.ts';
import { startWorld } from '../intake/helpers.ts';
import { cli, dropFile, useStoreWithProducts } from './helpers.ts';

const f = useStoreWithProducts(0);
const world = useWorld(() => startWorld(), { once: true });
let file: string;
beforeAll(async () => {
  file = join(f.dir, 'catalog.xlsx');
  const workbook = new ExcelJS.Workbook();
  const products = workbook.addWorksheet('Products');
  products.addRow(['title', 'title_ar', 'sale_price', 'category', 'barcode']);
  products.addRow(['Green tea', 'شاي أخضر', 12.5, 3, 'BR-TEA']);
  const brands = workbook.addWorksheet('Brands');
  brands.addRow(['brand_id', 'brand_name', 'brand_name_ar']);
  brands.addRow([2, 'Globex', 'جلوبكس']);
  await workbook.xlsx.writeFile(file);
});

/** What the store was sent: the products created and the brands renamed. */
function received(sandbox: SandboxHandle): { creates: unknown[]; brands: unknown[] } {
  const bodies = (path: string): unknown[] =>
    sandbox
      .requests()
      .filter((r) => r.path === path)
      .map((r) => r.body);
  return { creates: bodies('/v1/create_product'), brands: bodies('/v1/brands') };
}

const EXPECTED = {
  creates: [{ title: 'Green tea', title_ar: 'شاي أخضر', sale_price: 12.5, category: 3, barcode: 'BR-TEA' }],
  brands: [{ brand_id: 2, brand_name: 'Globex', brand_name_ar: 'جلوبكس' }],
};

it('import sends the products, then the brands', async () => {
  f.store.sandbox.resetStats();
  const run = await cli(['--report-dir', join(f.dir, 'import'), 'import', file, '--mode', 'full'], f.store.env);
  expect(run.code).toBe(0);
  expect(received(f.store.sandbox)).toEqual(EXPECTED);
});

it('a scheduled job sends the same, as two batches', async () => {
  f.store.sandbox.resetStats();
  const jobs = join(f.dir, 'jobs');
  await mkdir(jobs, { recursive: true });
  await writeFile(join(jobs, 'catalog.yaml'), `name: catalog\nsource: ${file}\nschedule: '30 2 * * *'\nmode: full\n`);
  const run = await cli(['--report-dir', join(f.dir, 'schedule'), 'schedule', 'run', 'catalog', '--json'], {
    ...f.store.env,
    JOBS_DIR: jobs,
    LEDGER_FILE: join(f.dir, 'schedule-ledger', 'ledger.jsonl'),
  });
  expect(run.code).toBe(0);
  expect((JSON.parse(run.out) as { kind: string }[]).map((batch) => batch.kind)).toEqual(['products', 'brands']);
  expect(received(f.store.sandbox)).toEqual(EXPECTED);
});

it('a file dropped into the watched folder sends the same, and its report names both batches', async () => {
  const { result, layout, claimed } = await dropFile(
    world,
    join(f.dir, 'drop'),
    'catalog.xlsx',
    await readFile(file),
    'full',
  );
  expect(result.status).toBe('done');
  expect(received(world.sandbox)).toEqual(EXPECTED);
  const report = JSON.parse(await readFile(join(layout.done, `${claimed}.report.json`), 'utf8')) as DropReport;
  expect(report.total).toBe(2);
  expect(report.batches?.map((batch) => batch.sheet)).toEqual(['Products', 'Brands']);
  expect(new Set(report.batches?.map((batch) => batch.batchId)).size).toBe(2);
});
