/**
 * Excel's CSV text idiom (issue 36): `="0012345678905"` is how many systems write a barcode so
 * that Excel keeps its zeros, and Excel shows `0012345678905`. So does the store receive it.
 */
import { describe, expect, it } from 'vitest';
import { useValidateAndImport } from './validate-import.ts';

const check = useValidateAndImport(2);

describe('excel-text-idiom.csv', () => {
  it('="0012345678905", unquoted or quoted, is sent as Excel shows it', async () => {
    const { errors, code, bodies } = await check('excel-text-idiom.csv');
    expect(errors).toEqual([]);
    expect(code).toBe(0);
    expect(bodies).toEqual([
      '{"title":"Unquoted","barcode":"0012345678905","product_id":1001}',
      '{"title":"Quoted","barcode":"00123","product_id":1002}',
    ]);
  });
});
