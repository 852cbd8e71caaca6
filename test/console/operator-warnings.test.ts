/**
 * In a real Chromium, English and Arabic: step 2 tells the rows that are not sent (an error) from
 * the warnings, whose rows are sent all the same: two tables, and a tile that counts the rows
 * sent with a warning. The sync then creates the warned row. Screenshots:
 * test-artifacts/operator/<lang>-warnings.png.
 */
import { describe, expect, it } from 'vitest';
import { TEXTS } from '../../src/messages/console.ts';
import { batchEnded, chooseSheet, expectOperatorWords, tableRows, useOperatorBrowser } from './operator-browser.ts';

for (const lang of ['en', 'ar'] as const) {
  describe(`warnings apart from problems (${lang})`, () => {
    const T = TEXTS[lang];
    const t = useOperatorBrowser({ lang });

    it('lists the rows not sent and the rows sent with a warning apart, and sends the warned row', async () => {
      const { page } = t.browser;
      // Row 1: a column catalog-sync does not know (ignored); row 2: an empty title_ar beside its
      // title (a warning, sent); row 3: a price that is not a number (an error, not sent).
      const sheet = [
        'title,title_ar,sale_price,category,barcode,colour',
        `Lamp,,12.5,1,${lang}-W-1,red`,
        `Chair,كرسي,3O,1,${lang}-W-2,blue`,
        `Desk,مكتب,40,1,${lang}-W-3,green`,
      ].join('\n');
      await chooseSheet(page, 'warned.csv', sheet);
      const problems = await tableRows(page, '#problem-rows');
      expect(problems.map((r) => [r[0], r[1]])).toEqual([['3', 'sale_price']]);
      const warnings = await tableRows(page, '#warning-rows');
      expect(warnings.map((r) => [r[0], r[1]])).toEqual([
        ['1', 'colour'],
        ['2', 'title_ar'],
      ]);
      expect(await page.locator('#warnings caption').textContent()).toBe(T.warnings_heading);
      expect(await page.locator('[data-count="warned_rows"]').textContent()).toBe('1');
      expect(await page.locator('[data-count="invalid_rows"]').textContent()).toBe('1');
      await expectOperatorWords(page);
      await t.browser.shot(`${lang}-warnings`);

      await page.locator('#sync').click();
      expect(await batchEnded(page, null)).toBe('done');
      expect(await page.locator('#batch-counts [data-outcome="created"]').textContent()).toBe('2');
      expect(await page.locator('#batch-counts [data-outcome="invalid"]').textContent()).toBe('1');
    });
  });
}
