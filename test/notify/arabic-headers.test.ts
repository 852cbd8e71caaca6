/**
 * The e-mail of a batch read from a sheet with Arabic headers (issue 37): its problem rows name
 * each column as the sheet names it, in Arabic (never the API field), through a real SMTP server.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { openMail } from './helpers.ts';
import { ARABIC_STORE, startNotifyWorld, type NotifyWorld } from './world.ts';

let world: NotifyWorld | null = null;
afterEach(async () => {
  await world?.close();
  world = null;
});

/** The headers the aliases read as title_ar, category, sale_price, barcode; rows 3 and 4 are not valid. */
const ARABIC_SHEET = [
  'الاسم,التصنيف,السعر,الباركود',
  'زيت العود,1,12.50,AR-1',
  'ماء الورد,1,"12,5O",AR-2',
  'مسك,abc,8,AR-3',
  'عنبر,1,9,AR-4',
];

/** The e-mail's problem lines (`- row ...`). */
async function problemLines(w: NotifyWorld): Promise<string[]> {
  return openMail((await w.mail.nth(1)).raw)
    .text.split(/\r?\n/)
    .filter((line) => line.startsWith('- '));
}

describe('an e-mail of a sheet with Arabic headers', () => {
  it("names the failed rows' columns as the sheet names them, once, in Arabic", async () => {
    world = await startNotifyWorld({ sandbox: ARABIC_STORE });
    const summary = await world.app.runBatch({ file: await world.sheet('منتجات.csv', ARABIC_SHEET) });
    expect(summary.counts).toMatchObject({ created: 2, invalid: 2 });
    const mail = openMail((await world.mail.nth(1)).raw);
    expect(await problemLines(world)).toEqual([
      '- الصف 3، السعر: "12,5O" ليس رقمًا (المتوقع مثلًا 12.50)',
      expect.stringMatching(/^- الصف 4، التصنيف: لا يوجد في المتجر تصنيف باسم "abc"/) as unknown as string,
    ]);
    // No API field name anywhere in the text the operator reads.
    expect(mail.text).not.toMatch(/\b(sale_price|category|title_ar|barcode)\b/);
    // The rows to fix come back under the sheet's own headers.
    const [failed] = mail.attachments;
    expect(failed?.filename).toBe('failed.csv');
    expect(failed!.content.toString('utf8').replace(/^\uFEFF/, '')).toMatch(/^الاسم,التصنيف,السعر,الباركود/);
  });

  it('names each column once in English too', async () => {
    world = await startNotifyWorld();
    const summary = await world.app.runBatch({ file: await world.sheet('منتجات.csv', ARABIC_SHEET) });
    expect(summary.counts).toMatchObject({ created: 2, invalid: 2 });
    expect(await problemLines(world)).toEqual([
      '- row 3, السعر: "12,5O" is not a number (expected e.g. 12.50)',
      expect.stringMatching(/^- row 4, التصنيف: the store has no category named "abc"/) as unknown as string,
    ]);
  });
});
