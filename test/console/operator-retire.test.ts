/**
 * The page's "whole catalog" status (issue 38), in a real Chromium, English and Arabic: an upload
 * with it shows how many known products the sheet retires and lists each in the preview with its
 * reason; Sync sends them, and the sandbox has exactly those at the status. Screenshots:
 * test-artifacts/operator/<lang>-retire-*.png (operator-browser.ts).
 */
import { describe, expect, it } from 'vitest';
import { batchEnded, chooseSheet, goHome, useOperatorBrowser } from './operator-browser.ts';

const WORDS = {
  en: { reason: 'retired: not in this sheet (product_id', status: 'status change' },
  ar: { reason: 'أُوقف: لم يعد في هذا الملف (product_id', status: 'تغيير الحالة' },
} as const;

for (const lang of ['en', 'ar'] as const) {
  describe(`retiring from the page (${lang})`, () => {
    const ids: number[] = [];
    const t = useOperatorBrowser({
      lang,
      seed: (world) => {
        for (let i = 0; i < 22; i++) ids.push(world.sandbox.seedProduct({ title: `P${i}`, category: 1 }).product_id);
      },
    });
    const sheetOf = (listed: readonly number[]): string =>
      ['product_id,sale_price', ...listed.map((id) => `${id},10`)].join('\n');

    const upload = async (name: string, sheet: string): Promise<void> => {
      await goHome(t.browser.page);
      await chooseSheet(t.browser.page, name, sheet);
    };

    it('previews the known products a whole-catalog sheet no longer lists, then sends exactly them', async () => {
      const { page } = t.browser;
      await upload('full.csv', sheetOf(ids));
      await page.locator('#sync').click();
      expect(await batchEnded(page, null)).toBe('done');

      const before = await page.locator('#batch-id').textContent();
      // The next upload, with its absent status, starts on the home page.
      await goHome(page);
      await page.locator('#absent-status').fill('0');
      const dropped = ids.slice(20);
      await upload('drop2.csv', sheetOf(ids.slice(0, 20)));
      expect(await page.locator('[data-count="retired_products"]').textContent()).toBe('2');
      await page.locator('#changes').waitFor({ state: 'visible' });
      for (const [i, id] of dropped.entries()) {
        const row = page.locator(`#change-rows tr[data-row="${22 + i}"]`);
        expect(await row.getAttribute('data-action')).toBe('status');
        expect(await row.textContent()).toContain(`${WORDS[lang].reason} ${id})`);
        expect(await row.textContent()).toContain(WORDS[lang].status);
      }
      expect(t.world.sandbox.products().every((product) => product.product_status === 1)).toBe(true);
      await t.browser.shot(`${lang}-retire-1-preview`);

      await page.locator('#sync').click();
      expect(await batchEnded(page, before)).toBe('done');
      expect(await page.locator('#batch-counts [data-outcome="status_changed"]').textContent()).toBe('2');
      const statuses = new Map(t.world.sandbox.products().map((p) => [p.product_id, p.product_status]));
      expect(ids.map((id) => statuses.get(id))).toEqual(ids.map((id) => (dropped.includes(id) ? 0 : 1)));
    });
  });
}
