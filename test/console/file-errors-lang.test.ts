/**
 * A sheet the console cannot read is refused (422) in the person's language: Arabic for the
 * Arabic page (the form's `lang`, ?lang or Accept-Language), English by default; the file named
 * as it was sent, never by its path on the server.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixture } from '../sheet-read/helpers.ts';
import { sheetForm, useConsoleWorld } from './helpers.ts';

const world = useConsoleWorld({ uploadLimitBytes: 64 * 1024 });

/** An XLSX cut short, as a failed download leaves it. */
function cutXlsx(): Uint8Array {
  const whole = readFileSync(fixture('formulas-richtext.xlsx'));
  return whole.subarray(0, Math.floor(whole.length / 2));
}

async function refusal(path: string, form: FormData, headers: Record<string, string> = {}): Promise<string> {
  const res = await world.api(path, { method: 'POST', body: form, headers });
  expect(res.status).toBe(422);
  const { error } = (await res.json()) as { error: string };
  expect(error).not.toContain(world.reportDir);
  return error;
}

describe('an unreadable sheet, refused in the person’s language', () => {
  it('a damaged XLSX uploaded: English by default, Arabic for Accept-Language ar, with the same detail', async () => {
    const english = await refusal('/api/uploads', sheetForm('منتجات-نوفمبر.xlsx', cutXlsx()));
    expect(english).toMatch(/^منتجات-نوفمبر\.xlsx: the XLSX file is damaged or cut short \(.+\)$/);
    const detail = english.slice('منتجات-نوفمبر.xlsx: '.length);

    const arabic = await refusal('/api/uploads', sheetForm('منتجات-نوفمبر.xlsx', cutXlsx()), {
      'accept-language': 'ar-SA,ar;q=0.9,en;q=0.5',
    });
    expect(arabic).toBe(`منتجات-نوفمبر.xlsx: ملف XLSX تالف أو ناقص، ولا يمكن قراءته (${detail})`);
  });

  it('a legacy .xls sent as a batch from the Arabic page (its lang field) or with ?lang=ar', async () => {
    const xls = readFileSync(fixture('legacy.xls'));
    const fromPage = await refusal('/api/batches', sheetForm('old.xls', xls, { lang: 'ar' }));
    expect(fromPage).toBe(
      'old.xls: هذا ملف .xls بالصيغة القديمة (أو مصنّف محمي بكلمة مرور)؛ افتحه في Excel واحفظه بصيغة .xlsx أو CSV',
    );
    expect(await refusal('/api/batches?lang=ar', sheetForm('old.xls', xls))).toBe(fromPage);
    expect(await refusal('/api/batches', sheetForm('old.xls', xls))).toBe(
      'old.xls: this is a legacy .xls file (or a password-protected workbook); open it in Excel and save it as .xlsx or CSV',
    );
    // Nothing was started.
    expect((await (await world.api('/api/batches')).json()) as unknown[]).toEqual([]);
  });

  it('a header that stops the batch: each problem in Arabic, the headers as typed', async () => {
    const sheet = 'title,sale_price,price,category\nLamp,1,2,1\n';
    const english = await refusal('/api/batches', sheetForm('two-prices.csv', sheet));
    expect(english).toMatch(/^two-prices\.csv: header row: .*sale_price/);
    const arabic = await refusal('/api/batches', sheetForm('two-prices.csv', sheet, { lang: 'ar' }));
    expect(arabic).toMatch(/^two-prices\.csv: صف العناوين: .*sale_price/);
    expect(arabic).toMatch(/[\u0600-\u06FF]{3}/);
    expect(arabic).not.toContain('header row');
  });
});
