/**
 * In a real Chromium, English and Arabic: a supplier's sheet with headers the aliases do not know
 * shows the mapping step (each column with what it holds, pre-filled where known, and its first
 * rows); the operator maps the columns and saves the mapping for the store, the sheet is planned
 * again to valid rows, the next upload with the same columns in another order is read with the
 * saved mapping without asking, and the saved mapping can be deleted. Screenshots:
 * test-artifacts/operator/<lang>-mapping*.png.
 */
import { describe, expect, it } from 'vitest';
import { FIELD_CHOICES, TEXTS } from '../../src/messages/console.ts';
import { expectOperatorWords, useOperatorBrowser } from './operator-browser.ts';

for (const lang of ['en', 'ar'] as const) {
  describe(`the mapping step (${lang})`, () => {
    const T = TEXTS[lang];
    const t = useOperatorBrowser({ lang });
    const name = lang === 'ar' ? 'مورد الشمال' : 'North supplier';

    it('maps unknown columns, saves the mapping, and the next sheet of those columns is not asked about', async () => {
      const { page } = t.browser;
      const sheet = ['Artikel,Verkaufspreis,Kategorie,Barcode', `Lamp,10,1,${lang}-M-1`, `Desk,20,2,${lang}-M-2`];
      await page
        .locator('#file')
        .setInputFiles({ name: 'supplier.csv', mimeType: 'text/csv', buffer: Buffer.from(sheet.join('\n')) });
      await page.locator('#mapping').waitFor({ state: 'visible' });
      expect(await page.locator('#mapping-rows th').allTextContents()).toEqual([
        'Artikel',
        'Verkaufspreis',
        'Kategorie',
        'Barcode',
      ]);
      expect(await page.locator('#mapping-rows td:nth-child(3)').first().textContent()).toBe('Lamp · Desk');
      const select = (header: string) => page.locator(`#mapping-rows select[data-header="${header}"]`);
      expect(await select('Barcode').inputValue()).toBe('barcode');
      expect(await select('Artikel').inputValue()).toBe('');
      await select('Artikel').selectOption('title');
      await select('Verkaufspreis').selectOption('sale_price');
      await select('Kategorie').selectOption('category');
      const label = FIELD_CHOICES.find((choice) => choice.field === 'sale_price')![lang];
      expect(await select('Verkaufspreis').locator('option:checked').textContent()).toBe(label);
      await expectOperatorWords(page);
      await t.browser.shot(`${lang}-mapping`);

      await page.locator('#mapping-name').fill(name);
      await page.locator('#mapping-save').click();
      await page.locator('#mapping').waitFor({ state: 'hidden' });
      expect(await page.locator('#mapping-status').textContent()).toBe(T.mapping_saved);
      expect(await page.locator('[data-count="creates"]').textContent()).toBe('2');
      expect(await page.locator('[data-count="invalid_rows"]').textContent()).toBe('0');
      await page.locator('#saved-mappings summary').click();
      await expect.poll(() => page.locator('#saved-mapping-list bdi').allTextContents()).toEqual([name]);

      const next = ['Barcode,Kategorie,Artikel,Verkaufspreis', `${lang}-M-3,1,Stool,7`];
      await page
        .locator('#file')
        .setInputFiles({ name: 'supplier-2.csv', mimeType: 'text/csv', buffer: Buffer.from(next.join('\n')) });
      await expect.poll(() => page.locator('#preview-name').textContent()).toBe('supplier-2.csv');
      await page.locator('#preview').waitFor({ state: 'visible' });
      expect(await page.locator('#mapping').isHidden()).toBe(true);
      expect(await page.locator('#mapping-used').textContent()).toBe(`${T.mapping_used}: ${name}`);
      expect(await page.locator('[data-count="creates"]').textContent()).toBe('1');
      await expectOperatorWords(page);
      await t.browser.shot(`${lang}-mapping-used`);

      await page.locator(`#saved-mapping-list button[data-mapping="${name}"]`).click();
      await expect.poll(() => page.locator('#saved-mapping-list li').count()).toBe(0);
      expect(await page.locator('#saved-none').textContent()).toBe(T.saved_none);
    });
  });
}
