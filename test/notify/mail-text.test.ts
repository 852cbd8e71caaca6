import { describe, expect, it } from 'vitest';
import { batchFinished, eventStore, problemOf, type NotifyEvent } from '../../src/notify/event.ts';
import { mailText } from '../../src/notify/mail-text.ts';
import { emptyCounts, type OutcomeCounts } from '../../src/outcome.ts';
import type { BatchSummary } from '../../src/report/summary.ts';
import { failedEvent, scheduleFailedEvent, STORE } from './events.ts';

function finished(some: Partial<OutcomeCounts>, total: number, problems = 0): NotifyEvent {
  const summary: BatchSummary = {
    batchId: 'B1',
    store: STORE,
    source: 'drop:products.xlsx',
    file: '/srv/drop/products.xlsx',
    kind: 'products',
    total,
    counts: { ...emptyCounts(), ...some },
    startedAt: '2026-11-26T10:10:10.000Z',
    finishedAt: '2026-11-26T10:12:00.000Z',
    rate: 5,
    reportDir: '/srv/reports/B1',
  };
  const listed = Array.from({ length: problems }, (_, i) =>
    problemOf(i + 2, 'sale_price', `sale_price: "x" is not a number`),
  );
  return batchFinished(summary, listed, eventStore(STORE));
}

describe('e-mail subject', () => {
  it.each([
    ['en', finished({ created: 56, invalid: 3 }, 59), 'riyadh-perfumes: 56 created, 3 need a fix (products.xlsx)'],
    ['en', finished({ created: 2, updated: 1 }, 3), 'riyadh-perfumes: 2 created, 1 updated (products.xlsx)'],
    ['en', finished({ created: 1, failed: 1 }, 2), 'riyadh-perfumes: 1 created, 1 needs a fix (products.xlsx)'],
    ['en', finished({ invalid: 2 }, 2), 'riyadh-perfumes: nothing synced, 2 need a fix (products.xlsx)'],
    ['en', finished({}, 0), 'riyadh-perfumes: nothing synced, no data rows (products.xlsx)'],
    ['en', finished({ skipped: 9, unchanged: 1 }, 10), 'riyadh-perfumes: nothing changed (products.xlsx)'],
    ['ar', finished({ created: 56, invalid: 3 }, 59), 'riyadh-perfumes: أُنشئ 56، 3 تحتاج إلى إصلاح (products.xlsx)'],
    ['ar', finished({ skipped: 9 }, 9), 'riyadh-perfumes: لا تغيير (products.xlsx)'],
  ] as const)('%s: %s', (lang, event, subject) => {
    expect(mailText({ event, lang, storeName: 'riyadh-perfumes', consoleUrl: null, attached: false }).subject).toBe(
      subject,
    );
  });

  it('a batch that could not run, and a schedule that could not fetch its sheet', () => {
    const failed = failedEvent({ source: 'products.xlsx' });
    expect(mailText({ event: failed, lang: 'en', storeName: 'Shop', consoleUrl: null, attached: false }).subject).toBe(
      'Shop: could not sync products.xlsx',
    );
    expect(mailText({ event: failed, lang: 'ar', storeName: 'متجر', consoleUrl: null, attached: false }).subject).toBe(
      'متجر: تعذّرت مزامنة products.xlsx',
    );
    const schedule = scheduleFailedEvent({ job: 'nightly', source: 'https://x.example/a.csv' });
    const text = mailText({ event: schedule, lang: 'en', storeName: 'Shop', consoleUrl: null, attached: false });
    expect(text.subject).toBe('Shop: scheduled sync nightly could not fetch its sheet');
    expect(text.text).toContain('https://x.example/a.csv');
  });
});

describe('e-mail body', () => {
  it('lists the first problems, says what to do with the attachment, links the batch', () => {
    const { text } = mailText({
      event: finished({ created: 56, invalid: 30 }, 86, 20),
      lang: 'en',
      storeName: 'riyadh-perfumes',
      consoleUrl: 'https://console.shop.example',
      attached: true,
    });
    expect(text).toContain('Batch B1 ended; 30 rows need a fix.');
    expect(text).toContain('The first 20 problems of 30:');
    expect(text).toContain('- row 2, sale_price: "x" is not a number');
    expect(text).toContain(
      "Fix them on the batch's page in the console, where they open in a grid: https://console.shop.example/batches/B1",
    );
    expect(text).toContain('They are also in the attached failed.csv.');
  });

  it("without the console's address, says what to do with the file in words, in either language", () => {
    for (const lang of ['en', 'ar'] as const) {
      for (const attached of [true, false]) {
        const { text } = mailText({
          event: finished({ created: 1, failed: 1 }, 2, 1),
          lang,
          storeName: 'Shop',
          consoleUrl: null,
          attached,
        });
        expect(text).toContain('failed.csv');
        expect(text).not.toMatch(/catalog-sync (rerun|reconcile|import)|#batch=|\/batches\//);
      }
    }
  });

  it("links the batch on its store's page when the store is one of a stores file", () => {
    const { text } = mailText({
      event: finished({ created: 1 }, 1, 0),
      lang: 'en',
      storeName: 'North Shop',
      consoleUrl: 'https://console.shop.example',
      consoleStore: 'north',
      attached: false,
    });
    expect(text).toContain('https://console.shop.example/batches/B1?store=north');
  });

  it('in Arabic', () => {
    const { text } = mailText({
      event: finished({ created: 1, invalid: 1 }, 2, 1),
      lang: 'ar',
      storeName: 'عطور الرياض',
      consoleUrl: null,
      attached: true,
    });
    expect(text).toContain('انتهت الدفعة B1؛ صف واحد يحتاج إلى إصلاح.');
    expect(text).toContain('المشكلات:');
    expect(text).toContain('- الصف 2، sale_price:');
    expect(text).toContain('failed.csv');
  });
});
