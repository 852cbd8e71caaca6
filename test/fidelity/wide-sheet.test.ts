/**
 * Issue 36: a sheet whose header fills all 16,384 columns (openpyxl), three of them known. validate
 * printed 16,381 unknown-column warnings; it prints one naming the count and the first few, in
 * English and Arabic, and import still sends the row.
 */
import { describe, expect, it } from 'vitest';
import { fixture, useStoreWithProducts } from './helpers.ts';

const f = useStoreWithProducts(1);

const FILE = fixture('wide-sheet.openpyxl.xlsx');
const FIRST = '"Column 4", "Column 5", "Column 6", "Column 7", "Column 8"';

describe('a header filled to column XFD (openpyxl)', () => {
  it('validate warns once, naming the count and the first five unknown columns', async () => {
    const run = await f.validate(FILE);
    expect(run.code).toBe(0);
    const warnings = run.out.split('\n').filter((line) => line.includes('[warning]'));
    expect(warnings).toEqual([
      `  row 1 [warning] 16,381 unknown columns: not sent; the first: ${FIRST} (give them fields in the sheet's column mapping, or rename the headers) (from a terminal: a --columns map file can name them)`,
    ]);
    expect(run.out).toContain('valid: every row can be sent');
  });

  it('validate --lang ar says the same in Arabic', async () => {
    const run = await f.validate(FILE, '--lang', 'ar');
    const warnings = run.out.split('\n').filter((line) => line.includes('[تنبيه]'));
    expect(warnings).toEqual([
      `  الصف 1 [تنبيه] أعمدة غير معروفة عددها 16,381: لا تُرسل؛ أولها: ${FIRST} (اربطها بحقول في ربط أعمدة الملف، أو غيّر أسماء العناوين) (من الطرفية: يمكن أن يسمّيها ملف ربط الأعمدة --columns)`,
    ]);
  });

  it('import sends the row', async () => {
    const run = await f.importFull(FILE);
    expect(run.code).toBe(0);
    expect(f.store.bodies('/v1/update_product')).toEqual([{ product_id: 1001, title: 'Desk lamp', sale_price: 45 }]);
  });
});
