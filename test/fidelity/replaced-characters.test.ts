/**
 * Characters a writer already replaced (issue 36): Arabic saved as `?` by Excel's plain CSV on a
 * Windows set up for another language, and U+FFFD in a CSV UTF-8 file. Refused as mojibake is,
 * saying how to save the file instead; validate and import agree.
 */
import { describe, expect, it } from 'vitest';
import { useValidateAndImport } from './validate-import.ts';

const check = useValidateAndImport(4);

const questionMarks = (column: string, excerpt: string): string =>
  `${column}: ${JSON.stringify(excerpt)} has question marks where letters were: Excel's plain "CSV" on a Windows not set up for Arabic saves each Arabic letter as ?, and they cannot be read back; save the sheet as "CSV UTF-8" in Excel (or as .xlsx) and import that file`;

const replaced = (column: string, excerpt: string): string =>
  `${column}: ${JSON.stringify(excerpt)} has characters the file had already lost (shown as \uFFFD: bytes that are not UTF-8, or a character replaced when the file was saved); save the file again as "CSV UTF-8" in Excel (or as .xlsx) and check this cell`;

describe('excel-ansi-arabic.csv', () => {
  it('Arabic saved as ? is refused; a ? in English text is not', async () => {
    const { errors, bodies } = await check('excel-ansi-arabic.csv');
    expect(errors).toEqual([
      [2, 'title_ar', 'mojibake', questionMarks('title_ar', '??? ????')],
      [3, 'title_ar', 'mojibake', questionMarks('title_ar', '????')],
      [5, 'title', 'mojibake', questionMarks('title', '???')],
      // The refused title was the row's only change.
      [5, null, 'nothing_to_update', expect.stringContaining('nothing to change') as unknown as string],
    ]);
    expect(bodies).toEqual(['{"title":"Café","product_id":1003}']);
  });
});

describe('utf8-bom-replaced.csv', () => {
  it('U+FFFD, written so or from a character cut to its first byte, is refused', async () => {
    const { errors, bodies } = await check('utf8-bom-replaced.csv');
    expect(errors).toEqual([
      [2, 'title_ar', 'mojibake', replaced('title_ar', 'كوب \uFFFDحمر')],
      [3, 'title_ar', 'mojibake', replaced('title_ar', 'مصبا\uFFFD x')],
    ]);
    expect(bodies).toEqual(['{"title":"Tea","title_ar":"شاي","product_id":1003}']);
  });
});
