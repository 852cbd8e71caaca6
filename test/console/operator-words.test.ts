/**
 * In a real Chromium, English and Arabic: the operator's screens speak of the page, never of the
 * terminal. A create whose answer was lost is said in words and points to "Check with the store";
 * the store's code, the attempts and the command (with the batch's own id) are in a closed "for
 * engineers" part, the code in order in Arabic too. The notifications part and the login name no
 * setting outside theirs, nor do the schedules, drop folder and store panels. A link to a batch this
 * store does not have opens its page, which says so, never `queued`.
 * Every screen is checked against ENGINEER_WORDS. Screenshots: test-artifacts/operator/<lang>-words-*.png.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TEXTS, LOGIN_TEXTS } from '../../src/messages/console.ts';
import { batchEnded, expectOperatorWords, SCREENSHOTS, useOperatorBrowser } from './operator-browser.ts';

for (const lang of ['en', 'ar'] as const) {
  describe(`the operator's words (${lang})`, () => {
    const T = TEXTS[lang];
    const t = useOperatorBrowser({ lang });

    it('says an unknown create in words; the code and the command are for engineers', async () => {
      const { page } = t.browser;
      await expectOperatorWords(page);
      // The store writes the product, then the connection drops: an AMBIGUOUS create.
      t.world.sandbox.inject({ kind: 'resetAfterApply', path: '/v1/create_product', times: 1 });
      const sheet = ['title,sale_price,category,barcode', 'Lamp,12.5,1,W-1'].join('\n');
      await page.locator('#file').setInputFiles({ name: 'lost.csv', mimeType: 'text/csv', buffer: Buffer.from(sheet) });
      await page.locator('#preview').waitFor({ state: 'visible' });
      await page.locator('#sync').click();
      expect(await batchEnded(page, null)).toBe('done');
      const batchId = (await page.locator('#batch-id').textContent())!;
      const row = page.locator('#reason-rows tr[data-row="2"][data-row-outcome="unknown"]');
      await row.waitFor();
      const shown = await expectOperatorWords(page);
      expect(shown).toContain(T.unknown_said);
      expect(shown).toContain(T.reconcile_check);

      const engineers = row.locator('details.engineers');
      expect(await engineers.locator('summary').textContent()).toBe(T.for_engineers);
      await engineers.locator('summary').click();
      expect(await engineers.locator('code').textContent()).toBe(`catalog-sync reconcile ${batchId}`);
      // The store's code and attempts stay one left-to-right run: in Arabic its brackets keep their order.
      const runs = await engineers.locator('bdi[dir="ltr"]').allTextContents();
      expect(runs, JSON.stringify(runs)).toContainEqual(expect.stringMatching(/\[AMBIGUOUS, 1 attempt\]/));
      await row.screenshot({ path: join(SCREENSHOTS, `${lang}-words-1-unknown-row.png`) });
      await t.browser.shot(`${lang}-words-1-unknown`);

      // The check with the store, recorded: still no command on the page.
      await page.locator('#reconcile-check').click();
      await page.locator('#reconcile-apply').click();
      await page.locator('#reconcile-status', { hasText: T.reconcile_done }).waitFor();
      await expectOperatorWords(page);
    });

    it('names no setting in the notifications part, even when none is set up', async () => {
      const { page } = t.browser;
      // From the batch's page back home, where the test notification is.
      await page.locator('#home-link').click();
      await page.locator('#notify-test').click();
      await page.locator('#notify-test-result', { hasText: T.notify_none }).waitFor();
      const shown = await expectOperatorWords(page);
      expect(shown).toContain(T.notify_hint);
      await page.locator('#notify-engineers').waitFor({ state: 'hidden' });
      await page.locator('#notify-heading').locator('..').locator('details.engineers summary').click();
      expect(await page.locator('#notify-engineers').textContent()).toContain('SMTP_URL');
      await page.locator('#notify-heading').scrollIntoViewIfNeeded();
      await t.browser.shot(`${lang}-words-2-notifications`);
    });

    it('names no setting in the schedules, drop folder and store panels', async () => {
      const { page } = t.browser;
      for (const panel of ['schedules-panel', 'drop-panel', 'store-panel'])
        await page.locator(`#${panel} summary`).click();
      await page.locator('#schedules-status', { hasText: T.no_schedules }).waitFor();
      await page.locator('#drop-folders > *').first().waitFor();
      await page.locator('#store-facts dd[data-store="rate"]').waitFor();
      const shown = await expectOperatorWords(page);
      expect(shown).toContain(T.rate_source_given);
      await page.locator('#schedules-panel').scrollIntoViewIfNeeded();
      await t.browser.shot(`${lang}-words-2-panels`);
    });

    it('says a linked batch is not this store’s, or does not exist, instead of queued', async () => {
      const { page } = t.browser;
      // As from an e-mail: a page opened at the link.
      await page.goto('about:blank');
      await page.goto(`${t.world.url}/?lang=${lang}#batch=20200101-000000-abcdef`);
      // The old link goes on to the batch's own page, which says so in words: no bar waits.
      await page.waitForURL(`${t.world.url}/batches/20200101-000000-abcdef`);
      await page.locator('#batch-status[data-status="missing"]').waitFor();
      expect(await page.locator('#batch-status').textContent()).toBe(T.status_missing);
      expect(await page.locator('#batch-missing').textContent()).toBe(T.batch_missing);
      expect(await page.locator('#bar').count()).toBe(0);
      await expectOperatorWords(page);
      await t.browser.shot(`${lang}-words-3-missing-batch`);
    });

    it('asks for the token in words; where tokens come from is for engineers', async () => {
      const { page } = t.browser;
      await page.goto(`${t.world.url}/login?lang=${lang}`);
      const shown = await expectOperatorWords(page);
      expect(shown).toContain(LOGIN_TEXTS[lang].token_label(false));
      await page.locator('details.engineers summary').click();
      expect(await page.locator('details.engineers p').textContent()).toContain('CONSOLE_TOKEN');
      await t.browser.shot(`${lang}-words-4-login`);
    });
  });
}
