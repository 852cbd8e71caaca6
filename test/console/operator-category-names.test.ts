/**
 * Categories by name on the page, in a real Chromium, English and Arabic: a sheet with Arabic
 * headers whose category column names its categories (as typed: tatweel, English, Arabic) is read
 * against the store's list, asked for once for the upload and its batch; the upload's summary says
 * which names were read as which ids, the preview shows each id with its name, and a field
 * catalog-sync never sent a known product shows as new, not as "(empty) -> value".
 * Screenshots: test-artifacts/operator/<lang>-category-names.png (operator-browser.ts).
 */
import { describe, expect, it } from 'vitest';
import { batchEnded, useOperatorBrowser } from './operator-browser.ts';

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

    const upload = async (name: string, lines: string[]): Promise<void> => {
      const buffer = Buffer.from(lines.join('\n'));
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
      expect(await change(2).textContent()).toBe(`category: 4 (${words.perfumes}) ${words.fresh}`);
      expect(await change(4).textContent()).toBe(`category: 6 (${words.books}) ${words.fresh}`);
      expect(await page.locator('#change-rows').textContent()).not.toContain(lang === 'en' ? '(empty)' : '(فارغ)');
      await page.locator('#names-read').scrollIntoViewIfNeeded();
      await t.browser.shot(`${lang}-category-names`);

      await page.locator('#sync').click();
      expect(await batchEnded(page, before)).toBe('done');
      expect(ids.map((id) => t.world.sandbox.product(id)?.fields.category)).toEqual([4, 4, 6]);
      // One list for the upload's plan and its batch: the console keeps it.
      expect(t.world.sandbox.requestCount('/v1/categories')).toBe(1);
    });
  });
}
