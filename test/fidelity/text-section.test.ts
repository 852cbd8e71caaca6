/**
 * A number format's text section (issue 36): a text cell under `"Code: "@` is shown by Excel as
 * `Code: abc`, and so is it sent. A format without a text section shows text as it is.
 */
import { describe, expect, it } from 'vitest';
import { useValidateAndImport } from './validate-import.ts';

const check = useValidateAndImport(3);

describe('text-section.openpyxl.xlsx', () => {
  it('text cells are sent as Excel shows them', async () => {
    const { errors, bodies } = await check('text-section.openpyxl.xlsx');
    expect(errors).toEqual([]);
    expect(bodies).toEqual([
      '{"title":"Code prefix","tag":"Code: abc","description":"plain","product_id":1001}',
      '{"title":"Fourth section","tag":"SKU x-1 (old)","description":"kept","product_id":1002}',
      '{"title":"Escaped","tag":"[ab]","description":"no text section","product_id":1003}',
    ]);
  });
});
