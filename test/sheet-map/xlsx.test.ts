/**
 * XLSX through openSheets: the Products and Brands sheets, Excel cell types (numbers, dates,
 * booleans, formulas, rich text, error cells) mapped by column kind.
 */
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { openSheets, type OpenedSheet } from '../../src/sheet/open.ts';
import type { SheetRowResult } from '../../src/sheet/types.ts';
import { tuples } from './helpers.ts';
import { useTempDir } from '../helpers/use-world.ts';

const tmp = useTempDir('map-xlsx', { once: true });

let file: string;

beforeAll(async () => {
  file = join(tmp.dir, 'products-and-brands.xlsx');
  const workbook = new ExcelJS.Workbook();
  const products = workbook.addWorksheet('Products');
  products.addRow(['title', 'title_ar', 'sale_price', 'category', 'barcode', 'featured', 'tag', 'weight']);
  products.addRow([
    'Tea',
    'شاي',
    12.5,
    3,
    6281000000011,
    true,
    new Date(Date.UTC(2024, 4, 6)),
    { formula: '0.25*2', result: 0.5 },
  ]);
  products.addRow([
    { richText: [{ text: 'Cof' }, { text: 'fee', font: { bold: true } }] },
    'قهوة',
    { formula: '1/0', result: { error: '#DIV/0!' } },
    3,
    '',
    0,
    '',
    new Date(Date.UTC(2024, 0, 1)),
  ]);
  const brands = workbook.addWorksheet('Brands');
  brands.addRow(['brand_id', 'brand_name', 'brand_name_ar']);
  brands.addRow([2, 'Globex', 'جلوبكس']);
  await workbook.xlsx.writeFile(file);
});

async function all(sheet: OpenedSheet): Promise<SheetRowResult[]> {
  const results: SheetRowResult[] = [];
  for await (const result of sheet.rows()) results.push(result);
  return results;
}

describe('XLSX products and brands', () => {
  it('reads the Products sheet, then the Brands sheet as brands', async () => {
    const sheets = await openSheets(file);
    expect(sheets.map((s) => [s.sheetName, s.kind])).toEqual([
      ['Products', 'products'],
      ['Brands', 'brands'],
    ]);
    const [products, brands] = sheets as [OpenedSheet, OpenedSheet];
    const productRows = await all(products);
    expect(productRows[0]?.plan).toEqual({
      kind: 'create',
      payload: {
        title: 'Tea',
        title_ar: 'شاي',
        sale_price: 12.5,
        category: 3,
        barcode: '6281000000011',
        featured: 1,
        tag: '2024-05-06',
        weight: 0.5,
      },
    });
    expect(tuples(productRows[1]?.issues ?? [])).toEqual([
      [3, 'sale_price', 'cell_error', 'error'],
      [3, 'weight', 'unexpected_date', 'error'],
    ]);
    expect(productRows[1]?.cells[0]).toBe('Coffee');
    expect((await all(brands))[0]?.plan).toEqual({
      kind: 'brand',
      payload: { brand_id: 2, brand_name: 'Globex', brand_name_ar: 'جلوبكس' },
    });
  });

  it('rows() can be read twice (the second call re-opens the file)', async () => {
    const [products] = (await openSheets(file, { sheet: 'Products' })) as [OpenedSheet];
    expect((await all(products)).length).toBe(2);
    expect((await all(products)).length).toBe(2);
    await products.close();
  });
});
