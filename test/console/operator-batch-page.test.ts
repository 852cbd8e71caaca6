/**
 * A page per batch, in a real Chromium, English and Arabic: the home page starts an upload and
 * shows no batch; Sync lands on the new batch's page at its own address. There the invalid row is
 * fixed in the grid: its batch has a page of its own, linking back to the batch it fixes, and
 * shows only its own numbers. Back on the first batch's page its numbers are its own still, the
 * fixed row shows how it ended, and the unknown create is checked with the store and recorded:
 * the page's counts stay that one batch's. An old link `/#batch=<id>` opens the page; every
 * screen is checked against the operator's words. Screenshots:
 * test-artifacts/operator/<lang>-batch-page-*.png.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { TEXTS } from '../../src/messages/console.ts';
import { expectOperatorWords, shownBatchEnded, tableRows, useOperatorBrowser } from './operator-browser.ts';

/** The outcome counts a batch's page shows, by outcome. */
async function shownCounts(page: Page): Promise<Record<string, string>> {
  const counts: Record<string, string> = {};
  for (const dd of await page.locator('#batch-counts dd').all())
    counts[(await dd.getAttribute('data-outcome'))!] = (await dd.textContent())!;
  return counts;
}

/** The batch whose page the browser is on, from its address. */
function pageBatch(page: Page): string {
  const path = new URL(page.url()).pathname;
  expect(path).toMatch(/^\/batches\/[^/]+$/);
  return decodeURIComponent(path.slice('/batches/'.length));
}

for (const lang of ['en', 'ar'] as const) {
  describe(`a page per batch (${lang})`, () => {
    const T = TEXTS[lang];
    // One row at a time, in sheet order: the first create meets the injected fault.
    const t = useOperatorBrowser({ world: { env: { CONCURRENCY: '1' } }, lang });
    const tag = lang.toUpperCase();
    let origin = '';
    let fix = '';

    it("sends a sheet from the home page and lands on the new batch's page, at its address", async () => {
      const { page } = t.browser;
      // The home page starts an upload; it shows no batch of its own.
      expect(await page.locator('#batch').count()).toBe(0);
      await page.locator('#past-heading').waitFor();
      // Row 2 is written and its answer lost (unknown); row 3's price is no number (invalid).
      t.world.sandbox.inject({ kind: 'resetAfterApply', path: '/v1/create_product', times: 1 });
      const sheet = [
        'title,sale_price,category,barcode',
        `Lamp ${tag},5,1,${tag}-1`,
        `Chair ${tag},3O,1,${tag}-2`,
        `Desk ${tag},40,1,${tag}-3`,
      ].join('\n');
      await page.locator('#file').setInputFiles({ name: 'page.csv', mimeType: 'text/csv', buffer: Buffer.from(sheet) });
      await page.locator('#preview').waitFor({ state: 'visible' });
      await expectOperatorWords(page);
      await page.locator('#sync').click();
      await page.waitForURL(/\/batches\//);
      origin = pageBatch(page);
      expect(await page.locator('#batch-id').textContent()).toBe(origin);
      expect(await shownBatchEnded(page)).toBe('done');
      expect(await shownCounts(page)).toEqual({ created: '1', unknown: '1', invalid: '1' });
      // The page is the batch's: no upload on it, the way home is a link.
      expect(await page.locator('#file').count()).toBe(0);
      expect(await page.locator('#home-link').textContent()).toBe(T.home_link);
      await page.locator('#fix-rows tr[data-row="3"]').waitFor();
      await expectOperatorWords(page);
      await t.browser.shot(`${lang}-batch-page-1-landed`);
    });

    it('fixes the invalid row: its batch is a page of its own, with its own numbers and a link back', async () => {
      const { page } = t.browser;
      const price = page.locator('#fix-rows tr[data-row="3"] td[data-column="sale_price"]');
      await price.locator('input').fill('30');
      await expect.poll(() => price.locator('.cell-error').isHidden()).toBe(true);
      await page.locator('#fix-send').click();
      await page.waitForURL((url) => url.pathname.startsWith('/batches/') && !url.pathname.endsWith(origin));
      fix = pageBatch(page);
      expect(await page.locator('#batch-id').textContent()).toBe(fix);
      expect(await shownBatchEnded(page)).toBe('done');
      // One batch's numbers: the fixed row, created; none of its origin's.
      expect(await shownCounts(page)).toEqual({ created: '1' });
      const back = page.locator('#batch-origin a');
      expect(await back.getAttribute('data-batch')).toBe(origin);
      expect(await page.locator('#batch-origin').textContent()).toContain(T.origin_fix);
      expect(await page.locator('#reasons').isHidden()).toBe(true);
      await expectOperatorWords(page);
      await t.browser.shot(`${lang}-batch-page-2-fix-batch`);
      await back.click();
      await page.waitForURL((url) => url.pathname.endsWith(`/batches/${origin}`));
    });

    it("back on the first batch's page: its own numbers, the fix linked, the fixed row's outcome shown", async () => {
      const { page } = t.browser;
      expect(await shownBatchEnded(page)).toBe('done');
      expect(await shownCounts(page)).toEqual({ created: '1', unknown: '1', invalid: '1' });
      await page.locator(`#later-list li[data-batch="${fix}"] a`).waitFor();
      expect(await page.locator('#later-list').textContent()).toContain(T.later_fix);
      await page.locator('#reason-rows tr[data-row="3"][data-row-outcome="created"]').waitFor();
      await page.locator('#fix-rows tr[data-row="3"] td.row-state[data-row-outcome="created"]').waitFor();
      await expectOperatorWords(page);
      await t.browser.shot(`${lang}-batch-page-3-origin`);
    });

    it("checks the unknown create with the store and records it: the page counts that batch's rows only", async () => {
      const { page } = t.browser;
      await page.locator('#reconcile-check').click();
      await page.locator('#reconcile-status', { hasText: T.reconcile_would }).waitFor();
      await page.locator('#reconcile-apply').click();
      await page.locator('#reconcile-status', { hasText: T.reconcile_done }).waitFor();
      await page.locator('#batch-counts dd[data-outcome="created"]', { hasText: '2' }).waitFor();
      // Its rows as its report says now; the fix batch's created row is not counted here.
      expect(await shownCounts(page)).toEqual({ created: '2', invalid: '1' });
      expect(await page.locator('#batch-id').textContent()).toBe(origin);
      expect(pageBatch(page)).toBe(origin);
      await expect
        .poll(async () => (await tableRows(page, '#reason-rows')).map((r) => [r[0], r[1]]))
        .toEqual([['3', T.created]]);
      await expectOperatorWords(page);
      await t.browser.shot(`${lang}-batch-page-4-reconciled`);
    });

    it('an old link /#batch=<id> opens the batch on its page; the past batches link their pages', async () => {
      const { page } = t.browser;
      await page.goto('about:blank');
      await page.goto(`${t.world.url}/?lang=${lang}#batch=${origin}`);
      await page.waitForURL(`${t.world.url}/batches/${origin}`);
      expect(await shownBatchEnded(page)).toBe('done');
      await page.locator('#home-link').click();
      const past = page.locator(`#past-rows a[data-batch="${fix}"]`);
      await past.waitFor();
      await expectOperatorWords(page);
      await past.click();
      await page.waitForURL(`${t.world.url}/batches/${fix}`);
      expect(await page.locator('#batch-id').textContent()).toBe(fix);
    });
  });
}
