/**
 * Step 2 in the page's language, over real HTTP: POST /api/uploads answers its problem rows (and
 * refuses an empty or too large file), GET /api/uploads/{id}/preview the reason an invalid or
 * skipped row sends nothing, in the language asked (`?lang=`, a `lang` form field, or
 * Accept-Language); field names and values stay as typed.
 */
import { describe, expect, it } from 'vitest';
import { sheetForm, useConsoleWorld } from './helpers.ts';

const world = useConsoleWorld({ uploadLimitBytes: 64 * 1024 }, { once: true });

interface Issue {
  row: number;
  column: string | null;
  message: string;
  severity: string;
}

interface UploadAnswer {
  uploadId: string;
  sheets: { issues: Issue[]; headerIssues: Issue[] }[];
}

const SHEET = [
  'title,sale_price,category,barcod,action',
  'Lamp,12.5,1,B-1,',
  'Chair,3O,1,B-2,',
  ',9,1,B-3,',
  'Stool,5,1,B-5,skip',
  'Desk,40,1,B-4,',
].join('\n');

const ARABIC = /[\u0600-\u06FF]/;

async function upload(query = '', headers: Record<string, string> = {}, fields = {}): Promise<UploadAnswer> {
  const res = await world.api(`/api/uploads${query}`, {
    method: 'POST',
    body: sheetForm('products.csv', SHEET, fields),
    headers,
  });
  expect(res.status).toBe(201);
  return (await res.json()) as UploadAnswer;
}

function said(answer: UploadAnswer): [number, string | null, string][] {
  const sheet = answer.sheets[0]!;
  return [...sheet.headerIssues, ...sheet.issues].map((i) => [i.row, i.column, i.message]);
}

describe('step 2 in the language asked', () => {
  it('says the upload problems in English by default and in Arabic for ?lang=ar, a lang field or Accept-Language', async () => {
    const en = said(await upload());
    expect(en.map(([row, column]) => [row, column])).toEqual([
      [1, 'barcod'],
      [3, 'sale_price'],
      [4, 'title'],
    ]);
    expect(en[0]![2]).toBe(
      'unknown column "barcod": not sent. Did you mean "barcode"? (give it a field in the sheet\'s column mapping, or rename the header)',
    );
    expect(en[1]![2]).toBe('sale_price: "3O" is not a number (expected e.g. 12.50)');
    for (const [, , message] of en) expect(message).not.toMatch(ARABIC);

    const ar = said(await upload('?lang=ar'));
    expect(ar.map(([row, column]) => [row, column])).toEqual(en.map(([row, column]) => [row, column]));
    expect(ar[1]![2]).toBe('sale_price: "3O" ليس رقمًا (المتوقع مثلًا 12.50)');
    for (const [, , message] of ar) expect(message).toMatch(ARABIC);
    // The column and the value as typed, inside the Arabic text.
    expect(ar[0]![2]).toContain('barcod');
    expect(ar[0]![2]).toContain('barcode');

    expect(said(await upload('', {}, { lang: 'ar' }))).toEqual(ar);
    expect(said(await upload('', { 'accept-language': 'ar-SA,ar;q=0.9,en;q=0.5' }))).toEqual(ar);
    expect(said(await upload('', { 'accept-language': 'fr-FR,en;q=0.8,ar;q=0.5' }))).toEqual(en);
  });

  it('says why a previewed row sends nothing in the language asked', async () => {
    const { uploadId } = await upload();
    const preview = async (query: string, headers: Record<string, string> = {}) => {
      const res = await world.api(`/api/uploads/${uploadId}/preview${query}`, { headers });
      expect(res.status).toBe(200);
      const answer = (await res.json()) as { rows: { row: number; action: string; message?: string }[] };
      return answer.rows.filter((r) => r.message !== undefined).map((r) => [r.row, r.action, r.message]);
    };
    expect(await preview('')).toEqual([
      [3, 'invalid', 'sale_price: "3O" is not a number (expected e.g. 12.50)'],
      [4, 'invalid', 'title is required to create a product (a row without a product id creates one)'],
      [5, 'skipped', 'action column says skip'],
    ]);
    const ar = await preview('?lang=ar');
    expect(ar.map(([row, action]) => [row, action])).toEqual([
      [3, 'invalid'],
      [4, 'invalid'],
      [5, 'skipped'],
    ]);
    expect(ar[0]![2]).toBe('sale_price: "3O" ليس رقمًا (المتوقع مثلًا 12.50)');
    expect(ar[2]![2]).toBe('عمود الإجراء يقول skip');
    for (const [, , message] of ar) expect(message).toMatch(ARABIC);
    expect(await preview('', { 'accept-language': 'ar' })).toEqual(ar);
  });

  it('says an empty or too large file in the language asked', async () => {
    const refused = async (text: string, lang: string) => {
      const res = await world.api('/api/uploads', {
        method: 'POST',
        body: sheetForm('products.csv', text),
        headers: { 'accept-language': lang },
      });
      return [res.status, ((await res.json()) as { error: string }).error];
    };
    expect(await refused('', 'ar')).toEqual([400, 'الملف products.csv فارغ']);
    expect(await refused('', 'en')).toEqual([400, 'products.csv is empty']);
    const big = `title\n${'x'.repeat(70 * 1024)}\n`;
    expect(await refused(big, 'ar')).toEqual([
      413,
      'الملف أكبر من حدّ الرفع البالغ 65536 بايت: قسّمه إلى ملفات أصغر، أو اطلب ممن يدير اللوحة رفع الحدّ',
    ]);
  });
});
