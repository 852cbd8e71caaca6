/**
 * In a real Chromium, English and Arabic: after a fix and then a reconcile, the page tells one
 * story. A batch ends with an unknown create (row 2) and an invalid row (row 4); the row is fixed
 * in the grid and sent as a batch of its own; then the unknown create is checked with the store and
 * recorded. The progress box names the batch whose counts it shows, the rows list keeps the fixed
 * row as the fix left it (created, as the grid says), never its old "invalid".
 * Screenshot: test-artifacts/operator/<lang>-one-story.png (operator-browser.ts).
 */
import { describe, expect, it } from 'vitest';
import { TEXTS } from '../../src/messages/console.ts';
import { batchEnded, tableRows, useOperatorBrowser } from './operator-browser.ts';

for (const lang of ['en', 'ar'] as const) {
  describe(`one story after a fix and a reconcile (${lang})`, () => {
    const T = TEXTS[lang];
    // One row at a time, in sheet order: the first create meets the fault.
    const t = useOperatorBrowser({ world: { env: { CONCURRENCY: '1' } }, lang });

    it('the box names the batch it counts, and the fixed row stays fixed in the list and the grid', async () => {
      const { page } = t.browser;
      // Row 2's create is written and its answer lost: unknown.
      t.world.sandbox.inject({ kind: 'resetAfterApply', path: '/v1/create_product', times: 1 });
      const sheet = ['title,category,sale_price,barcode', 'Lamp,1,5,L-1', 'Desk,2,5,D-1', 'Chair,1,3O,C-1'];
      await page
        .locator('#file')
        .setInputFiles({ name: 'story.csv', mimeType: 'text/csv', buffer: Buffer.from(sheet.join('\n')) });
      await page.locator('#preview').waitFor({ state: 'visible' });
      await page.locator('#sync').click();
      expect(await batchEnded(page, null)).toBe('done');
      const original = (await page.locator('#batch-id').textContent())!;
      await page.locator('#reason-rows tr[data-row="4"]').waitFor();
      expect((await tableRows(page, '#reason-rows')).map((r) => [r[0], r[1]])).toEqual([
        ['2', T.unknown],
        ['4', T.invalid],
      ]);

      // The price fixed in the grid, sent as a batch of its own.
      const price = page.locator('#fix-rows tr[data-row="4"] td[data-column="sale_price"] input');
      await price.fill('30');
      await expect
        .poll(() => page.locator('#fix-rows tr[data-row="4"] td[data-column="sale_price"] .cell-error').isHidden())
        .toBe(true);
      await page.locator('#fix-send').click();
      expect(await batchEnded(page, original)).toBe('done');
      // The fix's batch has its own page; back on the batch it fixes, the row shows how it ended.
      await page.locator(`#batch-origin a[data-batch="${original}"]`).click();
      await page.waitForURL((url) => url.pathname.endsWith(`/batches/${original}`));
      const state = page.locator('#fix-rows tr[data-row="4"] td.row-state');
      await expect.poll(() => state.getAttribute('data-row-outcome')).toBe('created');

      // The original batch's unknown create, checked and recorded.
      await page.locator('#reconcile-check').click();
      await page.locator('#reconcile-status', { hasText: T.reconcile_would }).waitFor();
      await page.locator('#reconcile-apply').click();
      await page.locator('#reconcile-status', { hasText: T.reconcile_done }).waitFor();

      // The box: the batch it names is the batch it counts.
      await expect.poll(() => page.locator('#batch-id').textContent()).toBe(original);
      const counts = (await (await t.world.api(`/api/batches/${original}`)).json()) as {
        counts: Record<string, number>;
      };
      expect(counts.counts).toMatchObject({ created: 2, invalid: 1, unknown: 0 });
      await page.locator('#batch-counts dd[data-outcome="created"]', { hasText: '2' }).waitFor();
      expect(await page.locator('#batch-counts dd[data-outcome="invalid"]').textContent()).toMatch(/^(1|١)$/);
      // The list, read again after the reconcile, keeps the row as its fix left it, as the grid does.
      await page.locator('#reason-rows tr[data-row="4"]').waitFor();
      expect((await tableRows(page, '#reason-rows')).map((r) => [r[0], r[1]])).toEqual([['4', T.created]]);
      expect(await state.getAttribute('data-row-outcome')).toBe('created');
      await page.locator('#batch').scrollIntoViewIfNeeded();
      await t.browser.shot(`${lang}-one-story`);
    });
  });
}
