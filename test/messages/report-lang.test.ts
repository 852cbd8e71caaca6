/**
 * A batch's report speaks the batch's language, on either transport: an `ar` batch's results.csv
 * and failed.csv hold Arabic row messages (headers, values and the store's own words as they were),
 * summary.json says `lang: "ar"`, and messages.jsonl keeps each problem row's message as data.
 */
import ExcelJS from 'exceljs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BatchSummary } from '../../src/report/summary.ts';
import { describeOnEachTransport, localTransport } from '../sync/helpers/transports.ts';
import { startWorld } from '../sync/helpers/world.ts';
import { problemsInEnglish } from './report-messages.ts';

const SHEET = [
  'product_id,title,category,السعر,barcode',
  ',Mug,1,SAR 12,MUG-1', // created; the currency removed is told on the row
  ',Cup,1,"12,5O",CUP-1', // invalid: a letter O in the price
  '999999,,,7,', // failed: the store has no such product
];

/** results.csv's `row,outcome,message` by row (messages hold no line breaks here). */
async function messagesByRow(summary: BatchSummary, file = 'results.csv'): Promise<Map<number, string>> {
  const csv = (await readFile(join(summary.reportDir, file), 'utf8')).replace(/^\uFEFF/, '');
  const rows = new Map<number, string>();
  for (const line of csv.trim().split('\r\n').slice(1)) {
    const found = /,(\d+),(created|invalid|failed),("(?:[^"]|"")*"|[^,]*)/.exec(line);
    if (found) rows.set(Number(found[1]), found[3]!.replace(/^"|"$/g, '').replaceAll('""', '"'));
  }
  return rows;
}

describeOnEachTransport('an ar batch on the %s transport', (current) => {
  it('writes its row messages in Arabic, and each problem row as data', async () => {
    const file = await current.world.sheet('ar.csv', SHEET);
    const summary = await current.transport.run(current.world, { file, lang: 'ar' });
    expect(summary.lang).toBe('ar');
    expect(summary.counts).toMatchObject({ created: 1, invalid: 1, failed: 1 });
    const written = JSON.parse(await readFile(join(summary.reportDir, 'summary.json'), 'utf8')) as BatchSummary;
    expect(written.lang).toBe('ar');
    expect(Object.fromEntries(await messagesByRow(summary))).toEqual({
      2: 'أُنشئ المنتج؛ السعر: قُرئت "SAR 12" على أنها 12 (بعد حذف العملة SAR)',
      3: 'السعر: "12,5O" ليس رقمًا (المتوقع مثلًا 12.50)',
      4: 'ردّ المتجر: Product not found',
    });
    expect(Object.fromEntries(await messagesByRow(summary, 'failed.csv'))).toEqual({
      3: 'السعر: "12,5O" ليس رقمًا (المتوقع مثلًا 12.50)',
      4: 'ردّ المتجر: Product not found',
    });
    // results.xlsx: the message column reads right-to-left, as Arabic columns do.
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(join(summary.reportDir, 'results.xlsx'));
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).getCell(3).value).toBe('message');
    expect(sheet.getRow(3).getCell(3).value).toBe('السعر: "12,5O" ليس رقمًا (المتوقع مثلًا 12.50)');
    expect(sheet.getColumn(3).alignment).toMatchObject({ readingOrder: 'rtl' });
    expect(await problemsInEnglish(summary.reportDir)).toEqual([
      [3, 'السعر', 'السعر: "12,5O" is not a number (expected e.g. 12.50)'],
      [4, undefined, 'Product not found'],
    ]);
  });
});

describe('an English batch', () => {
  it('keeps English messages and records no lang; a dry run in Arabic says what each row would do', async () => {
    const world = await startWorld();
    try {
      const file = await world.sheet('en.csv', SHEET);
      const english = await localTransport().run(world, { file });
      expect(english.lang).toBeUndefined();
      expect((await messagesByRow(english)).get(3)).toBe('السعر: "12,5O" is not a number (expected e.g. 12.50)');
      const book = new ExcelJS.Workbook();
      await book.xlsx.readFile(join(english.reportDir, 'results.xlsx'));
      expect(book.worksheets[0]!.getColumn(3).alignment).toBeUndefined();
      const dry = await localTransport().run(world, { file, lang: 'ar', dryRun: true });
      const csv = await readFile(join(dry.reportDir, 'results.csv'), 'utf8');
      expect(csv).toContain('would_create,"تشغيل تجريبي: سيُنشأ المنتج؛ السعر: قُرئت ""SAR 12"" على أنها 12');
      expect(csv).toContain('would_update,تشغيل تجريبي: سيُحدَّث المنتج,');
    } finally {
      await world.close();
    }
  });
});
