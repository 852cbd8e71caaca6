/**
 * The operator's guide, in a real Chromium, English and Arabic: the page's header links to it, and
 * the walk its pictures show (upload, guard, reasons, fix, unknown create, notifications) runs
 * step by step. With GUIDE_PICTURES=1 each step's picture is written to docs/guide/img/ (commit
 * them); without it the same steps are checked, and the guide page loads with every picture.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TEXTS } from '../../src/messages/console.ts';
import { batchEnded, expectOperatorWords, goHome, tableRows, useOperatorBrowser } from './operator-browser.ts';

const PICTURES = process.env.GUIDE_PICTURES === '1';
const IMG = join(process.cwd(), 'docs', 'guide', 'img');

for (const lang of ['en', 'ar'] as const) {
  describe(`the operator's guide (${lang})`, () => {
    const T = TEXTS[lang];
    let id = 0;
    // One row at a time, in sheet order: the first create meets the fault.
    const t = useOperatorBrowser({
      world: { env: { CONCURRENCY: '1' } },
      lang,
      seed: (world) => {
        id = world.sandbox.seedProduct({ title: 'Sofa', sale_price: 1, category: 1 }).product_id;
      },
    });

    /** The step's part of the page in view, and its picture when asked for. */
    const picture = async (name: string, selector: string): Promise<void> => {
      const { page } = t.browser;
      await page.locator(selector).waitFor({ state: 'visible' });
      // A string: the tests' types have no DOM.
      await page.evaluate(`document.querySelector('${selector}').scrollIntoView({ block: 'start' })`);
      if (PICTURES) await page.screenshot({ path: join(IMG, `${lang}-${name}.png`) });
    };

    const upload = async (name: string, rows: string[]): Promise<void> => {
      const { page } = t.browser;
      // Uploads start on the home page; a sent batch has a page of its own.
      await goHome(page);
      await page.locator('#file').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(rows.join('\n')) });
      await page.locator('#preview-name', { hasText: name }).waitFor();
    };

    it('walks upload, guard, reasons, fix, unknown create and notifications as the guide tells them', async () => {
      const { page } = t.browser;
      await page.setViewportSize({ width: 1000, height: 700 });
      // Upload: what a sync would change.
      await upload('prices.csv', ['product_id,sale_price', `${id},100`]);
      await page.locator('#changes').waitFor({ state: 'visible' });
      await picture('1-upload', '#preview');
      await page.locator('#sync').click();
      expect(await batchEnded(page, null)).toBe('done');
      // The guard: a price cut by more than half is held.
      const first = await page.locator('#batch-id').textContent();
      await upload('cut.csv', ['product_id,sale_price', `${id},40`]);
      await page.locator('#sync').click();
      await page.locator('#guard').waitFor({ state: 'visible' });
      expect(await page.locator('#guard-heading').textContent()).toBe(T.guard_heading);
      await picture('3-guard', '#guard');
      await page.locator('#guard-confirm').click();
      expect(await batchEnded(page, first)).toBe('done');
      // The reasons: row 2's create is written and its answer lost (unknown), row 4 is invalid.
      const second = await page.locator('#batch-id').textContent();
      t.world.sandbox.inject({ kind: 'resetAfterApply', path: '/v1/create_product', times: 1 });
      await upload('products.csv', [
        'title,category,sale_price,barcode',
        'Lamp,1,5,L-1',
        'Desk,2,5,D-1',
        'Chair,1,3O,C-1',
      ]);
      await page.locator('#sync').click();
      expect(await batchEnded(page, second)).toBe('done');
      await page.locator('#reason-rows tr[data-row="4"]').waitFor();
      expect((await tableRows(page, '#reason-rows')).map((r) => [r[0], r[1]])).toEqual([
        ['2', T.unknown],
        ['4', T.invalid],
      ]);
      await picture('2-reasons', '#reasons');
      // The fix: the price typed right in the grid.
      const cell = page.locator('#fix-rows tr[data-row="4"] td[data-column="sale_price"]');
      await cell.locator('input').fill('30');
      await expect.poll(() => cell.locator('.cell-error').isHidden()).toBe(true);
      await picture('4-fix', '#fix');
      const third = await page.locator('#batch-id').textContent();
      await page.locator('#fix-send').click();
      expect(await batchEnded(page, third)).toBe('done');
      // The fixed row's batch has its own page; back on the batch it fixes, the row shows how it ended.
      await page.locator(`#batch-origin a[data-batch="${third}"]`).click();
      await page.waitForURL((url) => url.pathname.endsWith(`/batches/${third}`));
      await expect
        .poll(() => page.locator('#fix-rows tr[data-row="4"] td.row-state').getAttribute('data-row-outcome'))
        .toBe('created');
      // The unknown create, checked with the store.
      await page.locator('#reconcile-check').click();
      await page.locator('#reconcile-status', { hasText: T.reconcile_would }).waitFor();
      await picture('5-unknown', '#reconcile');
      // Notifications: a batch's on its page; the test button on the home page.
      await goHome(page);
      expect(await page.locator('#notify-test').textContent()).toBe(T.notify_test);
      await picture('6-notifications', '#notify-heading');
    });

    it('links to the guide from the header; the guide loads in the language with every picture', async () => {
      const { page } = t.browser;
      await page.goto(`${t.world.url}/?lang=${lang}`);
      const link = page.locator('header #guide-link');
      expect(await link.textContent()).toBe(T.guide);
      const pictures: number[] = [];
      page.on('response', (response) => {
        if (response.url().includes('/guide/img/')) pictures.push(response.status());
      });
      await link.click();
      await page.waitForURL(`${t.world.url}/guide?lang=${lang}`);
      await page.waitForLoadState('load');
      expect(await page.locator('html').getAttribute('dir')).toBe(lang === 'ar' ? 'rtl' : 'ltr');
      expect(await page.locator('#guide h2').count()).toBe(6);
      const images = page.locator('#guide img');
      expect(await images.count()).toBe(6);
      expect(pictures).toEqual([200, 200, 200, 200, 200, 200]);
      for (const src of await page.evaluate<string[]>(
        "[...document.querySelectorAll('#guide img')].map((image) => image.getAttribute('src'))",
      ))
        expect(src).toMatch(new RegExp(`^/guide/img/${lang}-`));
      expect(await page.evaluate("[...document.querySelectorAll('#guide img')].every((i) => i.naturalWidth > 0)")).toBe(
        true,
      );
      // The guide speaks the operator's words too, and leads back to the page.
      await expectOperatorWords(page);
      await page.locator('#guide-back').click();
      await page.locator('#upload-heading').waitFor();
    });
  });
}
