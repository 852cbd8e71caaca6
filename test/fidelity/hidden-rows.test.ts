/**
 * Issue 36: rows hidden in Excel, by hand or filtered out by an AutoFilter, are synced like any
 * other, and validate says how many there were; an Excel Table's totals row (XlsxWriter,
 * totalsRowCount="1") is a sum, not a product: skipped and named, not refused as an invalid row.
 * validate and import agree, and the store never sees the totals row.
 */
import { describe, expect, it } from 'vitest';
import { fixture, useStoreWithProducts } from './helpers.ts';

const f = useStoreWithProducts(4);

interface ValidateJson {
  sheets: { rows: number; updates: number; invalidRows: number; hiddenRows: number; tableTotalsRows: number[] }[];
}

describe('rows filtered out by an AutoFilter and hidden by hand (XlsxWriter)', () => {
  const file = fixture('filtered-rows.xlsxwriter.xlsx');

  it('validate counts them, in English and Arabic, and finds every row valid', async () => {
    const run = await f.validate(file);
    expect(run.code).toBe(0);
    expect(run.out).toContain('  hidden or filtered out in Excel: 2 rows (synced like any other)');
    expect(run.out).toContain('valid: every row can be sent');
    const ar = await f.validate(file, '--lang', 'ar');
    expect(ar.out).toContain('  صفوف مخفية أو مُصفّاة في Excel: 2 (تُرسل كغيرها)');
    const json = JSON.parse((await f.validate(file, '--json')).out) as ValidateJson;
    expect(json.sheets).toEqual([expect.objectContaining({ rows: 4, updates: 4, hiddenRows: 2, tableTotalsRows: [] })]);
  });

  it('import sends every row, the hidden ones too', async () => {
    const run = await f.importFull(file);
    expect(run.code).toBe(0);
    expect(f.store.bodies('/v1/update_product')).toEqual([
      { product_id: 1001, title: 'Desk lamp', sale_price: 45, category: 3 },
      { product_id: 1002, title: 'Blue mug', sale_price: 12.5, category: 4 },
      { product_id: 1003, title: 'Red mug', sale_price: 13, category: 4 },
      { product_id: 1004, title: 'Chair', sale_price: 99, category: 3 },
    ]);
  });
});

describe("an Excel Table's totals row (XlsxWriter)", () => {
  const file = fixture('table-totals.xlsxwriter.xlsx');

  it('validate skips the totals row and says so, and counts the hidden row', async () => {
    const run = await f.validate(file);
    expect(run.code).toBe(0);
    expect(run.out).toContain('  Excel Table totals row skipped: row 5 (a sum, not a product)');
    expect(run.out).toContain('  invalid rows:   0\n');
    expect(run.out).toContain('  hidden or filtered out in Excel: 1 row (synced like any other)');
    const ar = await f.validate(file, '--lang', 'ar');
    expect(ar.out).toContain('  صف الإجماليات في جدول Excel لم يُقرأ: الصف 5 (مجموع، لا منتج)');
    const json = JSON.parse((await f.validate(file, '--json')).out) as ValidateJson;
    expect(json.sheets).toEqual([
      expect.objectContaining({ rows: 3, updates: 3, invalidRows: 0, hiddenRows: 1, tableTotalsRows: [5] }),
    ]);
  });

  it('import sends the three products and nothing for the totals row', async () => {
    const run = await f.importFull(file, '--json');
    expect(run.code).toBe(0);
    expect(f.store.bodies('/v1/update_product')).toEqual([
      { product_id: 1001, title: 'Desk lamp', sale_price: 45 },
      { product_id: 1002, title: 'Blue mug', sale_price: 12.5 },
      { product_id: 1003, title: 'Red mug', sale_price: 13 },
    ]);
    expect(f.store.bodies('/v1/create_product')).toEqual([]);
  });
});
