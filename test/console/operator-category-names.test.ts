/**
 * Categories by name on the page, in a real Chromium, English and Arabic: a sheet with Arabic
 * headers whose category column names its categories (as typed: tatweel, English, Arabic) is read
 * against the store's list, asked for once for the upload and its batch; the upload's summary says
 * which names were read as which ids, the preview shows each id with its name, and a field
 * catalog-sync never sent a known product shows as new, not as "(empty) -> value".
 * Screenshots: test-artifacts/operator/<lang>-category-names.png (operator-browser.ts).
 */
import { describe, expect, it } from 'vitest';
import { batchEnded, goHome, useOperatorBrowser } from './operator-browser.ts';

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
      await page.locator('#names-read').scrollIntoViewIfNeeded();
      await t.browser.shot(`${lang}-category-names`);

      await page.locator('#sync').click();
      expect(await batchEnded(page, before)).toBe('done');
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
      await upload('drop.csv', ['product_id,السعر', `${oud},2`]);
      await page.locator('#changes').waitFor({ state: 'visible' });
      expect(await page.locator('#change-rows li[data-field="sale_price"]').textContent()).toMatch(/^السعر: 10 . 2$/);
      await page.locator('#sync').click();
      await page.locator('#guard').waitFor({ state: 'visible' });
      expect(await page.locator('#guard-rows tr td:nth-child(2)').allTextContents()).toEqual(['السعر']);
      await t.browser.shot(`${lang}-category-names-guard`);
      await noApiFields('#preview');
      await noApiFields('#guard');
      await page.keyboard.press('Escape');
    });
  });
}
