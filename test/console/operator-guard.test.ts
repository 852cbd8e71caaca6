/**
 * Before a sync, in a real Chromium, English and Arabic: the page shows what the sheet would
 * change (per row the action, per field before -> after, where "before" is what catalog-sync last
 * sent; "not seen before" for a product it never sent), and a sheet that lowers a price by more
 * than half is held: the page lists the row and sends nothing until "Send anyway". On a batch's
 * page a held fix names the column as the batch's sheet does (`السعر`, not `sale_price`). Screenshots:
 * test-artifacts/operator/<lang>-guard-*.png (operator-browser.ts).
 */
import { describe, expect, it } from 'vitest';
import {
  batchEnded,
  chooseSheet,
  expectHeldByHeader,
  goHome,
  tableRows,
  useOperatorBrowser,
} from './operator-browser.ts';

const WORDS = {
  en: { update: 'update', notSeen: 'Not seen before', held: 'This sheet is held', updated: 'updated' },
  ar: { update: 'تحديث', notSeen: 'لم يُرَ من قبل', held: 'هذا الملف موقوف', updated: 'حُدّث' },
} as const;

for (const lang of ['en', 'ar'] as const) {
  describe(`the preview and the guard (${lang})`, () => {
    const words = WORDS[lang];
    const ids: number[] = [];
    const t = useOperatorBrowser({
      lang,
      seed: (world) => {
        for (const title of ['Lamp', 'Desk', 'Sofa', 'Bed', 'Rug'])
          ids.push(world.sandbox.seedProduct({ title, sale_price: 1, category: 1 }).product_id);
      },
    });

    const upload = async (name: string, sheet: string): Promise<void> => {
      await goHome(t.browser.page);
      await chooseSheet(t.browser.page, name, sheet);
    };

    it('shows what a sync would change, field by field, against what catalog-sync last sent', async () => {
      const { page } = t.browser;
      // catalog-sync sends four of the five products a price of 100: it knows those four.
      await upload('first.csv', ['product_id,sale_price', ...ids.slice(0, 4).map((id) => `${id},100`)].join('\n'));
      await page.locator('#sync').click();
      expect(await batchEnded(page, null)).toBe('done');
      const [a, b, , , e] = ids;
      await upload('prices.csv', ['product_id,sale_price', `${a},40`, `${b},90`, `${e},70`].join('\n'));
      await page.locator('#changes').waitFor({ state: 'visible' });
      const rows = await tableRows(page, '#change-rows');
      expect(rows.map((r) => r[1])).toEqual([words.update, words.update, words.update]);
      const change = (row: number) => page.locator(`#change-rows tr[data-row="${row}"] li[data-field="sale_price"]`);
      expect(await change(2).textContent()).toMatch(/^sale_price: 100 . 40$/);
      expect(await change(3).textContent()).toMatch(/^sale_price: 100 . 90$/);
      // The fifth product was never sent by catalog-sync: no "before" to show.
      expect(rows[2]![2]).toContain(words.notSeen);
      expect(await change(4).textContent()).toBe('sale_price: 70');
      expect(rows[0]![2]).not.toContain(words.notSeen);
      await page.locator('#changes').scrollIntoViewIfNeeded();
      await t.browser.shot(`${lang}-guard-1-preview`);
    });

    it('holds the sheet that lowers a price by more than half, lists the row, and sends nothing until confirmed', async () => {
      const { page } = t.browser;
      t.world.sandbox.resetStats();
      const home = page.url();
      await page.locator('#sync').focus();
      await page.keyboard.press('Enter');
      await page.locator('#guard').waitFor({ state: 'visible' });
      expect(await page.locator('#guard-heading').textContent()).toBe(words.held);
      expect(await page.evaluate('document.activeElement.id')).toBe('guard-heading');
      const held = await tableRows(page, '#guard-rows');
      expect(held.map((r) => r.slice(0, 4))).toEqual([['2', 'sale_price', '100', '40']]);
      expect(t.world.sandbox.requestCount('/v1/update_product')).toBe(0);
      await t.browser.shot(`${lang}-guard-2-held`);
      // Escape puts the question away: nothing sent, focus back on Sync.
      await page.keyboard.press('Escape');
      expect(await page.locator('#guard').isHidden()).toBe(true);
      expect(await page.evaluate('document.activeElement.id')).toBe('sync');
      expect(t.world.sandbox.requestCount('/v1/update_product')).toBe(0);
      // No batch started: the home page stays.
      expect(page.url()).toBe(home);
      // Asked again, and sent anyway: its batch's page.
      await page.keyboard.press('Enter');
      await page.locator('#guard-confirm').click();
      expect(await batchEnded(page, null)).toBe('done');
      expect(await page.locator('#batch-counts [data-outcome="updated"]').textContent()).toBe('3');
      expect(await page.locator('#batch-counts').textContent()).toContain(words.updated);
      expect(t.world.sandbox.product(ids[0]!)?.fields.sale_price).toBe(40);
      await t.browser.shot(`${lang}-guard-3-sent`);
    });

    it("holds a fix on the batch's page that cuts a price, naming the column as the sheet does (السعر)", async () => {
      const { page } = t.browser;
      const [, , c, d] = ids as [number, number, number, number, number];
      // Arabic headers; the third product's new price is no number (the letter O): invalid.
      await upload('arabic.csv', ['product_id,السعر', `${c},4O`, `${d},95`].join('\n'));
      await page.locator('#sync').click();
      expect(await batchEnded(page, null)).toBe('done');
      const origin = await page.locator('#batch-id').textContent();
      const price = page.locator('#fix-rows tr[data-row="2"] td[data-column="السعر"]');
      await price.locator('input').fill('4');
      await expect.poll(() => price.locator('.cell-error').isHidden()).toBe(true);
      t.world.sandbox.resetStats();
      await page.locator('#fix-send').click();
      await expectHeldByHeader(page, [['السعر', '100', '4']], 'السعر', 'sale_price');
      expect(t.world.sandbox.requestCount('/v1/update_product')).toBe(0);
      await t.browser.shot(`${lang}-guard-4-fix-held`);
      await page.locator('#guard-confirm').click();
      expect(await batchEnded(page, origin)).toBe('done');
      expect(t.world.sandbox.product(c)?.fields.sale_price).toBe(4);
    });
  });
}
