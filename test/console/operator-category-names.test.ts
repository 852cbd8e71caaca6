/**
 * Categories by name on the page, in a real Chromium, English and Arabic: a sheet with Arabic
 * headers whose category column names its categories (as typed: tatweel, English, Arabic) is read
 * against the store's list, asked for once for the upload and its batch; the upload's summary says
 * which names were read as which ids, the preview shows each id with its name, and a field
 * catalog-sync never sent a known product shows as new, not as "(empty) -> value". A sheet whose
 * every header is Arabic, one row naming a category the store has not, is sent: on its batch's
 * page that row is fixed in the grid (its columns the sheet's headers) and sent as a fix batch
 * that updates it. Every screen is checked against the operator's words and the API's field names.
 * Screenshots: test-artifacts/operator/<lang>-category-names*.png (operator-browser.ts).
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { batchEnded, expectOperatorWords, goHome, shownBatchEnded, useOperatorBrowser } from './operator-browser.ts';

/** The outcome counts a batch's page shows, by outcome. */
async function counts(page: Page): Promise<Record<string, string>> {
  const shown: Record<string, string> = {};
  for (const dd of await page.locator('#batch-counts dd').all())
    shown[(await dd.getAttribute('data-outcome'))!] = (await dd.textContent())!;
  return shown;
}

const WORDS = {
  en: { perfumes: 'Perfumes', books: 'Books', fresh: 'new', arrow: '→' },
  ar: { perfumes: 'عطور', books: 'كتب', fresh: 'جديد', arrow: '←' },
} as const;

for (const lang of ['en', 'ar'] as const) {
  describe(`categories by name (${lang})`, () => {
    const words = WORDS[lang];
    const ids: number[] = [];
    const t = useOperatorBrowser({
      lang,
      seed: (world) => {
        for (const title of ['Oud', 'Musk', 'Atlas'])
          ids.push(world.sandbox.seedProduct({ title, sale_price: 1, category: 1 }).product_id);
      },
    });

    /** What the operator reads there names no field of the store's API. */
    const noApiFields = async (part: string): Promise<void> => {
      const text = await t.browser.page.locator(part).innerText();
      // `category` is an English word too: as a field it comes before a colon.
      for (const field of ['sale_price', 'product_id', 'sub_category', 'category:', 'title:'])
        expect(text).not.toContain(field);
    };

    const upload = async (name: string, lines: string[]): Promise<void> => {
      const buffer = Buffer.from(lines.join('\n'));
      await goHome(t.browser.page);
      await t.browser.page.locator('#file').setInputFiles({ name, mimeType: 'text/csv', buffer });
      await t.browser.page.locator('#preview-name', { hasText: name }).waitFor();
    };

    it('reads the names once, says what they were read as, and shows the name beside the id', async () => {
      const { page } = t.browser;
      const [oud, musk, atlas] = ids as [number, number, number];
      // catalog-sync sends the three products their prices: it knows them, but never sent a category.
      await upload('prices.csv', ['product_id,السعر', `${oud},10`, `${musk},20`, `${atlas},30`]);
      await page.locator('#sync').click();
      expect(await batchEnded(page, null)).toBe('done');
      expect(t.world.sandbox.requestCount('/v1/categories')).toBe(0);

      const before = await page.locator('#batch-id').textContent();
      await upload('names.csv', [
        'product_id,السعر,التصنيف',
        `${oud},10,عــطور`,
        `${musk},20,perfumes`,
        `${atlas},30,كتب`,
      ]);
      const read = page.locator('#names-read-list li');
      await read.first().waitFor();
      expect(await read.allTextContents()).toEqual([
        `التصنيف: عــطور ${words.arrow} 4 (${words.perfumes})`,
        `التصنيف: perfumes ${words.arrow} 4 (${words.perfumes})`,
        `التصنيف: كتب ${words.arrow} 6 (${words.books})`,
      ]);
      await page.locator('#changes').waitFor({ state: 'visible' });
      const change = (row: number) => page.locator(`#change-rows tr[data-row="${row}"] li[data-field="category"]`);
      // The column as the sheet names it; the store's field for engineers in its title.
      expect(await change(2).textContent()).toBe(`التصنيف: 4 (${words.perfumes}) ${words.fresh}`);
      expect(await change(4).textContent()).toBe(`التصنيف: 6 (${words.books}) ${words.fresh}`);
      expect(await change(2).locator('bdi[title="category"]').textContent()).toBe('التصنيف');
      expect(await page.locator('#change-rows').textContent()).not.toContain(lang === 'en' ? '(empty)' : '(فارغ)');
      await expectOperatorWords(page);
      await page.locator('#names-read').scrollIntoViewIfNeeded();
      await t.browser.shot(`${lang}-category-names`);

      await page.locator('#sync').click();
      expect(await batchEnded(page, before)).toBe('done');
      await expectOperatorWords(page);
      expect(ids.map((id) => t.world.sandbox.product(id)?.fields.category)).toEqual([4, 4, 6]);
      // One list for the upload's plan and its batch: the console keeps it.
      expect(t.world.sandbox.requestCount('/v1/categories')).toBe(1);
    });

    it('names the columns as the sheet does in the guard and the problem rows, never the store fields', async () => {
      const { page } = t.browser;
      const [oud] = ids as [number, number, number];
      await upload('problems.csv', ['product_id,العنوان,السعر,التصنيف', `${oud},,2,`, ',Amber,abc,عطر']);
      const problems = await page.locator('#problem-rows').textContent();
      expect(problems).toContain('السعر: "abc"');
      expect(problems).toContain(
        lang === 'en'
          ? 'التصنيف: the store has no category named "عطر"'
          : 'التصنيف: لا يوجد في المتجر تصنيف باسم "عطر"',
      );
      await noApiFields('#preview');
      await expectOperatorWords(page);
      await upload('drop.csv', ['product_id,السعر', `${oud},2`]);
      await page.locator('#changes').waitFor({ state: 'visible' });
      expect(await page.locator('#change-rows li[data-field="sale_price"]').textContent()).toMatch(/^السعر: 10 . 2$/);
      await page.locator('#sync').click();
      await page.locator('#guard').waitFor({ state: 'visible' });
      expect(await page.locator('#guard-rows tr td:nth-child(2)').allTextContents()).toEqual(['السعر']);
      await t.browser.shot(`${lang}-category-names-guard`);
      await noApiFields('#preview');
      await noApiFields('#guard');
      await expectOperatorWords(page);
      await page.keyboard.press('Escape');
    });

    it("sends the sheet with an unknown name, fixes that row in the grid under the sheet's headers, and sends it", async () => {
      const { page } = t.browser;
      const [oud, musk] = ids as [number, number, number];
      // Every header Arabic; Musk's category is a name the store has not (عطر, not عطور): that row is not sent.
      await upload('fix.csv', ['رقم المنتج,السعر,التصنيف', `${oud},12,عطور`, `${musk},22,عطر`]);
      await page.locator('#problem-rows tr').first().waitFor();
      await noApiFields('#preview');
      await expectOperatorWords(page);
      await page.locator('#sync').click();
      await page.waitForURL(/\/batches\//);
      const origin = await page.locator('#batch-id').textContent();
      expect(await shownBatchEnded(page)).toBe('done');
      expect(await counts(page)).toEqual({ updated: '1', invalid: '1' });
      expect(t.world.sandbox.product(oud)?.fields.sale_price).toBe(12);
      expect(t.world.sandbox.product(musk)?.fields.sale_price).toBe(20);

      // The grid's columns are the sheet's own headers; the bad cell says so in the sheet's words.
      await page.locator('#fix-rows tr[data-row="3"]').waitFor();
      expect(await page.locator('#fix-head th bdi').allTextContents()).toEqual(['رقم المنتج', 'السعر', 'التصنيف']);
      const category = page.locator('#fix-rows tr[data-row="3"] td[data-column="التصنيف"]');
      expect(await category.locator('input').inputValue()).toBe('عطر');
      await expect.poll(() => category.locator('.cell-error').isVisible()).toBe(true);
      expect(await category.locator('.cell-error').textContent()).toMatch(/^التصنيف: .*"عطر"/);
      await noApiFields('#batch');
      await noApiFields('#reasons');
      await noApiFields('#fix');
      await expectOperatorWords(page);
      await t.browser.shot(`${lang}-category-names-fix-grid`);

      await category.locator('input').fill('عطور');
      await expect.poll(() => category.locator('.cell-error').isHidden()).toBe(true);
      await noApiFields('#fix');
      await expectOperatorWords(page);
      await page.locator('#fix-send').click();
      await page.waitForURL((url) => url.pathname.startsWith('/batches/') && !url.pathname.endsWith(`/${origin}`));
      expect(await page.locator('#batch-id').textContent()).not.toBe(origin);
      expect(await shownBatchEnded(page)).toBe('done');
      // The fix batch's own numbers: the one row, updated with the category the name was read as.
      expect(await counts(page)).toEqual({ updated: '1' });
      expect(t.world.sandbox.product(musk)?.fields).toMatchObject({ sale_price: 22, category: 4 });
      await noApiFields('#batch');
      await expectOperatorWords(page);
      await t.browser.shot(`${lang}-category-names-fixed`);
    });
  });
}
