/**
 * Issue 36: a row of group labels above the header (a merged `Details` over the description
 * columns, XlsxWriter) is not the header though `Details` is an alias of description: the header
 * is the row naming the most known columns. validate and import agree, and the store gets both rows.
 */
import { describe, expect, it } from 'vitest';
import { fixture, useStoreWithProducts } from './helpers.ts';

const f = useStoreWithProducts(2);

const FILE = fixture('group-labels.xlsxwriter.xlsx');

describe('a group-label row above the header (XlsxWriter)', () => {
  it('validate takes row 2 as the header and finds both rows valid', async () => {
    const run = await f.validate(FILE, '--json');
    expect(run.code).toBe(0);
    const json = JSON.parse(run.out) as { sheets: unknown[] };
    expect(json.sheets).toEqual([
      expect.objectContaining({ headerRow: 2, bannerRows: [1], rows: 2, updates: 2, invalidRows: 0 }),
    ]);
    const text = await f.validate(FILE);
    expect(text.out).toContain(
      'header row: 2 (row 1 above it: a title or group labels naming fewer known columns, not read)',
    );
    expect(text.out).toContain('valid: every row can be sent');
  });

  it('import sends both products with their descriptions', async () => {
    const run = await f.importFull(FILE);
    expect(run.code).toBe(0);
    expect(f.store.bodies('/v1/update_product')).toEqual([
      {
        product_id: 1001,
        title: 'Desk lamp',
        description: 'A lamp for the desk',
        description_ar: 'مصباح للمكتب',
        sale_price: 45,
      },
      { product_id: 1002, title: 'Blue mug', description: 'A blue mug', description_ar: 'كوب أزرق', sale_price: 12.5 },
    ]);
  });
});
