/**
 * The operator's loop in a real Chromium, in English and in Arabic: upload a sheet with problems,
 * dry run it (its would_* counts), read the reasons on the page, fix two rows in the grid from the
 * keyboard (each edit checked as typed, its problem beside the cell), send exactly those rows and
 * see them created on their batch's page and, back on the first batch's page, in its grid and
 * reasons; a new upload starts on the home page. Row messages, hints and page strings
 * are in the page's language. Screenshots of each step:
 * test-artifacts/operator/en-*.png and ar-*.png (operator-browser.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchEnded, type Browser, chooseSheet, openBrowser, tableRows } from './operator-browser.ts';
import { useConsoleWorld } from './helpers.ts';
import type { Lang } from '../../src/messages/index.ts';

const world = useConsoleWorld({}, { once: true });

interface Words {
  lang: Lang;
  /** Page strings the test expects in this language. */
  reasonsHeading: string;
  fixHeading: string;
  created: string;
  invalid: string;
  wouldCreate: string;
  /** The start of the server's hint for an invalid row in this language. */
  invalidHint: string;
  /** Row messages are in the page's language (field names and values as typed). */
  script: RegExp;
}

const EN: Words = {
  lang: 'en',
  reasonsHeading: 'Rows that need attention',
  fixHeading: 'Fix the rows here',
  created: 'created',
  invalid: 'invalid',
  wouldCreate: 'would create',
  invalidHint: 'Fix the cell',
  script: /^[^\u0600-\u06FF]*$/,
};

const AR: Words = {
  lang: 'ar',
  reasonsHeading: 'صفوف تحتاج إلى انتباه',
  fixHeading: 'صحّح الصفوف هنا',
  created: 'أُنشئ',
  invalid: 'غير صالح',
  wouldCreate: 'سيُنشأ',
  invalidHint: 'صحّح الخلية',
  script: /[\u0600-\u06FF]/,
};

for (const words of [EN, AR]) {
  describe(`the operator fixes rows in the browser (${words.lang})`, () => {
    let browser: Browser;
    const shot = (name: string): Promise<void> => browser.shot(`${words.lang}-${name}`);
    const tag = words.lang.toUpperCase();

    beforeAll(async () => {
      // The store's request counts are this language's own.
      world.sandbox.resetStats();
      browser = await openBrowser(world);
      await browser.page.goto(`${world.url}/?lang=${words.lang}`);
    });

    afterAll(async () => {
      await browser?.close();
    });

    it('uploads a sheet with problems and dry runs it: the would_* counts and the reasons show', async () => {
      const { page } = browser;
      expect(await page.locator('html').getAttribute('dir')).toBe(words.lang === 'ar' ? 'rtl' : 'ltr');
      const sheet = [
        'title,sale_price,category,barcode',
        `Lamp ${tag},12.5,1,${tag}-1`,
        `,9,1,${tag}-2`,
        `Chair ${tag},3O,1,${tag}-3`,
        `Desk ${tag},40,1,${tag}-4`,
      ].join('\n');
      await chooseSheet(page, 'products.csv', sheet);
      // Step 2's problem table: row, column as typed, and the message in the page's language.
      const problems = await tableRows(page, '#problem-rows');
      expect(problems.map((r) => [r[0], r[1]])).toEqual([
        ['3', 'title'],
        ['4', 'sale_price'],
      ]);
      expect(problems[1]![2]).toContain('3O');
      for (const r of problems) expect(r[2]).toMatch(words.script);
      // The change preview says why those two rows send nothing, in the same language.
      const invalid = page.locator('#change-rows tr[data-action="invalid"] .change-note');
      await expect.poll(() => invalid.count()).toBe(2);
      for (const note of await invalid.allTextContents()) expect(note).toMatch(words.script);
      await shot('1-uploaded');
      await page.locator('#dry-run').click();
      expect(await batchEnded(page, null)).toBe('done');
      expect(await page.locator('#batch-counts [data-outcome="would_create"]').textContent()).toBe('2');
      expect(await page.locator('#batch-counts').textContent()).toContain(words.wouldCreate);
      expect(await page.locator('#batch-counts [data-outcome="invalid"]').textContent()).toBe('2');
      // Nothing went to the store.
      expect(world.sandbox.requestCount('/v1/create_product')).toBe(0);
      // The batch's report is in the page's language (summary.json lang; English says none).
      const batchId = await page.locator('#batch-id').textContent();
      const summary = (await (await world.api(`/api/batches/${batchId}`)).json()) as { lang?: string };
      expect(summary.lang ?? 'en').toBe(words.lang);
      await page.locator('#reasons').waitFor({ state: 'visible' });
      expect(await page.locator('#reasons-heading').textContent()).toBe(words.reasonsHeading);
      const reasons = await tableRows(page, '#reason-rows');
      expect(reasons.map((r) => [r[0], r[1], r[2]])).toEqual([
        ['3', words.invalid, 'title'],
        ['4', words.invalid, 'sale_price'],
      ]);
      expect(reasons[1]![3]).toContain('3O');
      for (const r of reasons) expect(r[3]).toMatch(words.script);
      for (const r of reasons) expect(r[4]).toContain(words.invalidHint);
      await page.locator('#reasons').scrollIntoViewIfNeeded();
      await shot('2-reasons');
    });

    it("opens the problem rows as a grid of the sheet's columns, checks each edit as typed and shows problems by the cell", async () => {
      const { page } = browser;
      await page.locator('#fix').waitFor({ state: 'visible' });
      expect(await page.locator('#fix-heading').textContent()).toBe(words.fixHeading);
      expect(await page.locator('#fix-head th').allTextContents()).toEqual(
        expect.arrayContaining(['title', 'sale_price', 'category', 'barcode']),
      );
      const cell = (row: number, column: string) =>
        page.locator(`#fix-rows tr[data-row="${row}"] td[data-column="${column}"]`);
      // The batch's problem, beside its cell, and said to screen readers.
      expect(await cell(4, 'sale_price').locator('input').getAttribute('aria-invalid')).toBe('true');
      expect(await cell(4, 'sale_price').locator('.cell-error').textContent()).toContain('3O');
      // From the keyboard: type the title, Enter goes down the column to row 4's title.
      await cell(3, 'title').locator('input').focus();
      await page.keyboard.type(`Stool ${tag}`);
      await page.keyboard.press('Enter');
      expect(await page.evaluate('document.activeElement.id')).toBe(
        await cell(4, 'title').locator('input').getAttribute('id'),
      );
      // A price still wrong: the check says so beside the cell, nothing is sent.
      await page.keyboard.press('Tab');
      await page.keyboard.press('ControlOrMeta+a');
      await page.keyboard.type('3,5x');
      await expect.poll(() => cell(4, 'sale_price').locator('.cell-error').textContent()).toContain('3,5x');
      expect(await cell(4, 'sale_price').locator('.cell-error').textContent()).toMatch(words.script);
      // The header and the value as typed keep their order inside the message (isolated left to right).
      expect(await cell(4, 'sale_price').locator('.cell-error bdi').first().textContent()).toMatch(
        /^sale_price: "3,5x"/,
      );
      await expect.poll(() => cell(3, 'title').locator('input').getAttribute('aria-invalid')).toBeNull();
      await shot('3-grid-checked');
      // Escape puts the cell back as the sheet had it; then the right price.
      await page.keyboard.press('Escape');
      expect(await cell(4, 'sale_price').locator('input').inputValue()).toBe('3O');
      await page.keyboard.press('ControlOrMeta+a');
      await page.keyboard.type('30');
      await expect.poll(() => cell(4, 'sale_price').locator('.cell-error').isHidden()).toBe(true);
      expect(world.sandbox.requestCount('/v1/create_product')).toBe(0);
      await shot('4-grid-fixed');
    });

    it('sends exactly the two fixed rows and sees them created, in the grid and the reasons', async () => {
      const { page } = browser;
      const before = await page.locator('#batch-id').textContent();
      await page.locator('#fix-send').click();
      expect(await batchEnded(page, before)).toBe('done');
      expect(await page.locator('#batch-counts [data-outcome="created"]').textContent()).toBe('2');
      // The fixed rows went as a batch of its own, on its own page: back to the batch they fix.
      await page.locator(`#batch-origin a[data-batch="${before}"]`).click();
      await page.waitForURL((url) => url.pathname.endsWith(`/batches/${before}`));
      const state = (row: number) => page.locator(`#fix-rows tr[data-row="${row}"] td.row-state`);
      await expect.poll(() => state(3).getAttribute('data-row-outcome')).toBe('created');
      await expect.poll(() => state(4).getAttribute('data-row-outcome')).toBe('created');
      expect(await state(4).textContent()).toBe(words.created);
      expect(await page.locator('#fix-rows input:not(:disabled)').count()).toBe(0);
      const reasons = await tableRows(page, '#reason-rows');
      expect(reasons.map((r) => [r[0], r[1]])).toEqual([
        ['3', words.created],
        ['4', words.created],
      ]);
      // Both rows listed, none still needing attention.
      expect(await page.locator('#reasons-status').textContent()).toMatch(/[2٢].*[0٠]$/);
      // Only the two edited rows went; the dry run's good rows were not sent.
      const titles = world.sandbox.products().map((p) => p.fields.title);
      expect(titles).toEqual(expect.arrayContaining([`Stool ${tag}`, `Chair ${tag}`]));
      expect(titles).not.toContain(`Lamp ${tag}`);
      expect(world.sandbox.products().find((p) => p.fields.title === `Chair ${tag}`)?.fields.sale_price).toBe(30);
      await page.locator('#fix').scrollIntoViewIfNeeded();
      await shot('5-created');
    });

    it('fits a phone with the reasons and the grid open: the grid scrolls, the page does not', async () => {
      const { page } = browser;
      await page.setViewportSize({ width: 390, height: 844 });
      expect(await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);
      await page.locator('#fix').scrollIntoViewIfNeeded();
      await shot('5b-phone');
      await page.setViewportSize({ width: 1280, height: 900 });
    });

    it('uploads a new sheet from the home page, which shows no problem table or grid of an old batch', async () => {
      const { page } = browser;
      await page.locator('#home-link').click();
      const sheet = `title,sale_price,category,barcode\nShelf ${tag},22,1,${tag}-9\n`;
      await chooseSheet(page, 'next.csv', sheet);
      expect(await page.locator('#reasons').count()).toBe(0);
      expect(await page.locator('#fix').count()).toBe(0);
      await shot('6-new-upload');
    });
  });
}
