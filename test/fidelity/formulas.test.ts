/**
 * Defect 4: `[1001, "Updated title", "=50+5"]` written by openpyxl has no saved value for the
 * formula; read as blank, the update silently dropped sale_price. The same file saved by
 * LibreOffice holds the saved value 55, which is what is sent.
 */
import { describe, expect, it } from 'vitest';
import { useStoreWithProducts } from './helpers.ts';

const f = useStoreWithProducts(1);

describe('a formula without a saved value (openpyxl)', () => {
  it('makes validate fail naming the row and column, and says how to fix it', async () => {
    const run = await f.validate('formula-no-cached-value.openpyxl.xlsx');
    expect(run.code).toBe(1);
    expect(run.out).toContain('invalid rows:   1 (not sent)');
    expect(run.out).toContain(
      'row 2, sale_price [error] sale_price: the formula =50+5 has no saved value (the program that wrote the file does not calculate formulas); open the file in Excel or LibreOffice and save it, then try again',
    );
  });

  it('is not sent by import', async () => {
    const run = await f.importFull('formula-no-cached-value.openpyxl.xlsx', '--json');
    expect(run.code).toBe(1);
    expect(f.store.bodies('/v1/update_product')).toEqual([]);
  });
});

describe('a formula with its saved value (LibreOffice)', () => {
  it('is read as its value', async () => {
    const run = await f.importFull('formula-cached-value.libreoffice.xlsx', '--json');
    expect(run.code).toBe(0);
    expect(f.store.bodies('/v1/update_product')).toEqual([
      { product_id: 1001, title: 'Updated title', sale_price: 55 },
    ]);
  });
});
