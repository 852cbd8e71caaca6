/**
 * Dates under a locale prefix (issue 36): `[$-401]d mmmm yyyy` showed `15 March 2024` where
 * LibreOffice shows `15 مارس 2024`. The locale's month and day names and AM/PM markers, as
 * LibreOffice renders them, for the Arabic and English locales a Gulf catalog meets.
 */
import { describe, expect, it } from 'vitest';
import { useValidateAndImport } from './validate-import.ts';

const check = useValidateAndImport(6);

describe('locale-dates.openpyxl.xlsx', () => {
  it("dates in text columns are sent with their locale's names", async () => {
    const { errors, bodies } = await check('locale-dates.openpyxl.xlsx');
    expect(errors).toEqual([]);
    expect(bodies).toEqual([
      '{"title":"ar-SA","tag":"15 مارس 2024","description":"الجمعة","product_id":1001}',
      '{"title":"ar-SA short","tag":"15 مارس 24","description":"1:45 م","product_id":1002}',
      '{"title":"ar-EG","tag":"15 ابريل 2024","description":"الاثنين","product_id":1003}',
      '{"title":"ar-LB","tag":"آذار 2024","description":"الجمعة","product_id":1004}',
      '{"title":"ar-AE","tag":"مارس","description":"الجمعة 15 مارس","product_id":1005}',
      '{"title":"en-GB","tag":"15 March 2024","description":"Friday 1:45 PM","product_id":1006}',
    ]);
  });
});
