/**
 * Issue 36: rows hidden in Excel, by hand or filtered out by an AutoFilter, are synced like any
 * other, and validate says how many there were; an Excel Table's totals row (XlsxWriter,
 * totalsRowCount="1") is a sum, not a product: skipped and named, not refused as an invalid row.
 * validate and import agree, and the store never sees the totals row.
 */
import { describe, expect, it } from 'vitest';
import { fixture, useStoreWithProducts } from './helpers.ts';

const f = useStoreWithProducts(4);

interface SheetJson {
  rows: number;
  updates: number;
  invalidRows: number;
  hiddenRows: number;
  tableTotalsRows: number[];
}

interface Sheet {
  /** What the sheet holds, for the tests' titles. */
  holds: string;
  file: string;
  /** Lines of validate's text output, in English and in Arabic. */
  english: string[];
  arabic: string;
  /** validate --json's sheet, as far as these rows go. */
  json: Partial<SheetJson>;
  /** The update calls the store receives, by product id. */
  updates: unknown[];
}

const SHEETS: Sheet[] = [
  {
    holds: 'rows filtered out by an AutoFilter and hidden by hand (XlsxWriter)',
    file: 'filtered-rows.xlsxwriter.xlsx',
    english: ['  hidden or filtered out in Excel: 2 rows (synced like any other)', 'valid: every row can be sent'],
    arabic: '  صفوف مخفية أو مُصفّاة في Excel: 2 (تُرسل كغيرها)',
    json: { rows: 4, updates: 4, hiddenRows: 2, tableTotalsRows: [] },
    updates: [
      { product_id: 1001, title: 'Desk lamp', sale_price: 45, category: 3 },
      { product_id: 1002, title: 'Blue mug', sale_price: 12.5, category: 4 },
      { product_id: 1003, title: 'Red mug', sale_price: 13, category: 4 },
      { product_id: 1004, title: 'Chair', sale_price: 99, category: 3 },
    ],
  },
  {
    holds: "an Excel Table's totals row, and a row hidden by hand (XlsxWriter)",
    file: 'table-totals.xlsxwriter.xlsx',
    english: [
      '  Excel Table totals row skipped: row 5 (a sum, not a product)',
      '  invalid rows:   0\n',
      '  hidden or filtered out in Excel: 1 row (synced like any other)',
    ],
    arabic: '  صف الإجماليات في جدول Excel لم يُقرأ: الصف 5 (مجموع، لا منتج)',
    json: { rows: 3, updates: 3, invalidRows: 0, hiddenRows: 1, tableTotalsRows: [5] },
    updates: [
      { product_id: 1001, title: 'Desk lamp', sale_price: 45 },
      { product_id: 1002, title: 'Blue mug', sale_price: 12.5 },
      { product_id: 1003, title: 'Red mug', sale_price: 13 },
    ],
  },
];

for (const sheet of SHEETS) {
  describe(sheet.holds, () => {
    const file = fixture(sheet.file);

    it('validate names the hidden rows and any totals row, in English, Arabic and JSON, and finds every row valid', async () => {
      const run = await f.validate(file);
      expect(run.code).toBe(0);
      for (const line of sheet.english) expect(run.out).toContain(line);
      const ar = await f.validate(file, '--lang', 'ar');
      expect(ar.out).toContain(sheet.arabic);
      const json = JSON.parse((await f.validate(file, '--json')).out) as { sheets: SheetJson[] };
      expect(json.sheets).toEqual([expect.objectContaining(sheet.json)]);
    });

    it('import sends every product row, the hidden ones too, and nothing for a totals row', async () => {
      const run = await f.importFull(file);
      expect(run.code).toBe(0);
      expect(f.store.bodies('/v1/update_product')).toEqual(sheet.updates);
      expect(f.store.bodies('/v1/create_product')).toEqual([]);
    });
  });
}
