/** Templates: they map without header issues, the sample is valid, the XLSX carries notes/RTL/dropdowns. */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { createSheetMapper } from '../../src/sheet/map/mapper.ts';
import {
  BRAND_TEMPLATE_COLUMNS,
  PRODUCT_TEMPLATE_COLUMNS,
  STATUS_TEMPLATE_COLUMNS,
} from '../../src/sheet/map/template-spec.ts';
import { writeTemplates } from '../../src/sheet/map/template-write.ts';
import { openSheet } from '../../src/sheet/open.ts';
import type { SheetRowResult } from '../../src/sheet/types.ts';
import { useTempDir } from '../helpers/use-world.ts';

const tmp = useTempDir('templates', { once: true });

beforeAll(async () => {
  await writeTemplates(tmp.dir, {
    categories: [
      { category_id: 1, category_name: 'Electronics', category_name_ar: 'إلكترونيات', image: null, product_total: 0 },
      { category_id: 4, category_name: 'Perfumes', category_name_ar: 'عطور', image: null, product_total: 3 },
    ],
  });
});

describe('templates', () => {
  it.each([
    ['products', PRODUCT_TEMPLATE_COLUMNS, 'products'],
    ['brands', BRAND_TEMPLATE_COLUMNS, 'brands'],
    ['status', STATUS_TEMPLATE_COLUMNS, 'products'],
  ] as const)('%s template headers map with no header issues', (_name, columns, kind) => {
    const mapper = createSheetMapper(columns.map((c) => c.header));
    expect(mapper.kind).toBe(kind);
    expect(mapper.headerIssues).toEqual([]);
  });

  it('the sample sheet is valid: every row creates, against categories 1..6', async () => {
    const opened = await openSheet(join(tmp.dir, 'sample-products.csv'));
    const results: SheetRowResult[] = [];
    for await (const result of opened.rows()) results.push(result);
    expect(opened.headerIssues).toEqual([]);
    expect(results.length).toBe(8);
    for (const result of results) {
      expect(result.issues).toEqual([]);
      expect(result.plan?.kind).toBe('create');
      const category = result.plan?.kind === 'create' ? result.plan.payload.category : 0;
      expect(category).toBeGreaterThanOrEqual(1);
      expect(category).toBeLessThanOrEqual(6);
    }
  });

  it('the committed sample equals the generated one', async () => {
    const committed = await readFile(new URL('../../templates/sample-products.csv', import.meta.url), 'utf8');
    expect(committed).toBe(await readFile(join(tmp.dir, 'sample-products.csv'), 'utf8'));
  });

  it('products XLSX: header notes, RTL Arabic columns, flag/type dropdowns, a Categories sheet and dropdown', async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(join(tmp.dir, 'products-template.xlsx'));
    const sheet = workbook.getWorksheet('Products');
    expect(sheet).toBeDefined();
    const headers = PRODUCT_TEMPLATE_COLUMNS.map((c) => c.header);
    const col = (name: string): number => headers.indexOf(name) + 1;
    expect(sheet?.getRow(1).getCell(col('title')).note).toBeDefined();
    expect(sheet?.getCell(2, col('title_ar')).alignment?.readingOrder).toBe('rtl');
    expect(sheet?.getCell(5, col('featured')).dataValidation).toMatchObject({ type: 'list', formulae: ['"1,0"'] });
    expect(sheet?.getCell(5, col('product_option.0.type')).dataValidation).toMatchObject({
      type: 'list',
      formulae: ['"multi_select"'],
    });
    expect(sheet?.getCell(5, col('category')).dataValidation).toMatchObject({
      type: 'list',
      formulae: ['Categories!$D$2:$D$3'],
    });
    const categories = workbook.getWorksheet('Categories');
    expect(categories?.getCell('D3').value).toBe('4 - Perfumes');
    expect(categories?.getCell('C3').value).toBe('عطور');
  });

  it('store category names pass the formula guard in the Categories sheet', async () => {
    // A folder of its own: the other tests read the templates written with other categories.
    const out = join(tmp.dir, 'guard');
    await writeTemplates(out, {
      categories: [
        { category_id: 7, category_name: '=HYPERLINK("x")', category_name_ar: '-5', image: null, product_total: 0 },
      ],
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(join(out, 'products-template.xlsx'));
    const categories = workbook.getWorksheet('Categories');
    expect(categories?.getCell('B2').value).toBe('\'=HYPERLINK("x")');
    expect(categories?.getCell('C2').value).toBe('-5');
  });
});
