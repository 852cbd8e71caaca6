/**
 * A merged title banner above the header row, as exported catalogs have (XlsxWriter merge_range):
 * the header is the first row whose cells name known columns; row numbers stay Excel's.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useStoreWithProducts } from './helpers.ts';

const f = useStoreWithProducts(2);

describe('a merged banner above the header row (XlsxWriter)', () => {
  it('validate takes row 2 as the header, says so, and numbers rows as Excel does', async () => {
    const run = await f.validate('merged-banner.xlsxwriter.xlsx', '--json');
    expect(run.code).toBe(0);
    const json = JSON.parse(run.out) as { sheets: { headerRow: number; rows: number; updates: number }[] };
    expect(json.sheets).toEqual([expect.objectContaining({ headerRow: 2, bannerRows: [1], rows: 2, updates: 2 })]);
    const text = await f.validate('merged-banner.xlsxwriter.xlsx');
    expect(text.out).toContain(
      'header row: 2 (row 1 above it: a title or group labels naming fewer known columns, not read)',
    );
  });

  it('import sends both products, and the report numbers them 3 and 4', async () => {
    const run = await f.importFull('merged-banner.xlsxwriter.xlsx', '--json');
    expect(run.code).toBe(0);
    expect(f.store.bodies('/v1/update_product')).toEqual([
      { product_id: 1001, title: 'Desk lamp', sale_price: 45, category: 3 },
      { product_id: 1002, title: 'Blue mug', sale_price: 12.5, category: 3 },
    ]);
    const summary = JSON.parse(run.out) as { reportDir: string };
    const [header, ...lines] = (await readFile(join(summary.reportDir, 'results.csv'), 'utf8'))
      .replace(/^\uFEFF/, '')
      .split(/\r?\n/)
      .filter((line) => line !== '');
    const rowAt = header!.split(',').indexOf('row');
    expect(lines.map((line) => line.split(',')[rowAt])).toEqual(['3', '4']);
  });

  it('a header that names no known column stays the header when no row below does, and no row is lost', async () => {
    const csv = join(f.dir, 'unknown-columns.csv');
    await writeFile(csv, 'foo,bar\n1,2\n3,4\n5,6\n7,8\n9,10\n11,12\n13,14\n');
    const run = await f.validate(csv, '--json');
    const json = JSON.parse(run.out) as { sheets: { headerRow: number; bannerRows: number[]; rows: number }[] };
    expect(json.sheets).toEqual([expect.objectContaining({ headerRow: 1, bannerRows: [], rows: 7 })]);
  });
});
