/**
 * One bad byte must not turn a whole UTF-8 CSV into mojibake (issue 36): a UTF-8 file but for a
 * few bytes is read as UTF-8 and only the cells with those bytes are refused; UTF-8 Latin and
 * emoji read as Windows-1256 (a UTF-8 row inside a Windows-1256 file) are refused as mojibake.
 */
import { describe, expect, it } from 'vitest';
import { useValidateAndImport } from './validate-import.ts';

const check = useValidateAndImport(3);

describe('utf8-cut-byte.csv', () => {
  it('is read as UTF-8; the cell with the cut character is refused, naming its row and column', async () => {
    const { errors, bodies } = await check('utf8-cut-byte.csv');
    expect(errors).toEqual([
      [
        3,
        'title',
        'mojibake',
        'title: "Caf\uFFFD au lait" has characters the file had already lost (shown as \uFFFD: bytes that are not UTF-8, or a character replaced when the file was saved); save the file again as "CSV UTF-8" in Excel (or as .xlsx) and check this cell',
      ],
    ]);
    expect(bodies).toEqual([
      '{"title":"Ünïcödé — “quotes” 👍🏽","description":"ok","product_id":1001}',
      '{"title":"Crème brûlée","description":"ok","product_id":1003}',
    ]);
  });
});

describe('windows-1256-utf8-row.csv', () => {
  it('the UTF-8 row read as Windows-1256 is refused as mojibake; the Arabic rows are sent', async () => {
    const { errors, bodies } = await check('windows-1256-utf8-row.csv');
    expect(errors).toEqual([
      [
        3,
        'title',
        'mojibake',
        'title: "Cafأ© â€” ًں‘چ" looks garbled (UTF-8 text read as Windows-1256); save the file as "CSV UTF-8" in Excel and use that file instead',
      ],
    ]);
    expect(bodies).toEqual([
      '{"title":"Mug","title_ar":"كوب أحمر","product_id":1001}',
      '{"title":"Lamp","title_ar":"مصباح","product_id":1003}',
    ]);
  });
});
