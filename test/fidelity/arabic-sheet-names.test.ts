/**
 * Issue 36: a workbook whose sheets are named in Arabic, تعليمات (instructions) first, then
 * المنتجات (products) and العلامات التجارية (brands), and one whose sheets keep Arabic Excel's
 * default names (ورقة1 holding instructions, ورقة2 the products). The instructions were read as
 * products (invalid rows, the products never read); now validate and import read the products
 * (and the brands), and agree.
 */
import { describe, expect, it } from 'vitest';
import { fixture, useStoreWithProducts } from './helpers.ts';

const f = useStoreWithProducts(2);

const UPDATES = [
  { product_id: 1001, title: 'Desk lamp', sale_price: 45 },
  { product_id: 1002, title: 'Blue mug', sale_price: 12.5 },
];

interface ValidateJson {
  sheets: { sheetName: string; kind: string; rows: number; invalidRows: number }[];
}

describe('sheets named in Arabic (openpyxl)', () => {
  const file = fixture('arabic-sheet-names.openpyxl.xlsx');

  it('validate reads المنتجات as products and العلامات التجارية as brands, passing over تعليمات', async () => {
    const run = await f.validate(file, '--json');
    expect(run.code).toBe(0);
    const json = JSON.parse(run.out) as ValidateJson;
    expect(json.sheets.map(({ sheetName, kind, rows, invalidRows }) => [sheetName, kind, rows, invalidRows])).toEqual([
      ['المنتجات', 'products', 2, 0],
      ['العلامات التجارية', 'brands', 1, 0],
    ]);
  });

  it('import sends the products, then the brand', async () => {
    const run = await f.importFull(file);
    expect(run.code).toBe(0);
    expect(run.out).toContain('sheet read: "المنتجات"');
    expect(f.store.bodies('/v1/update_product')).toEqual(UPDATES);
    expect(f.store.bodies('/v1/brands')).toEqual([{ brand_id: 2, brand_name: 'Globex', brand_name_ar: 'جلوبكس' }]);
  });
});

describe("sheets left at Arabic Excel's default names (openpyxl)", () => {
  const file = fixture('default-sheet-names.openpyxl.xlsx');

  it('validate reads the sheet whose header names known columns', async () => {
    const run = await f.validate(file);
    expect(run.code).toBe(0);
    expect(run.out).toContain('[sheet ورقة2]: product sheet, 2 data rows');
    expect(run.out).toContain('valid: every row can be sent');
  });

  it('import sends the products of that sheet', async () => {
    const run = await f.importFull(file);
    expect(run.code).toBe(0);
    expect(run.out).toContain('sheet read: "ورقة2"');
    expect(f.store.bodies('/v1/update_product')).toEqual(UPDATES);
  });
});
