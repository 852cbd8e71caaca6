/**
 * The operator's path in a real Chromium (Debian's `chromium`, driven by playwright-core): log in,
 * upload a sheet with invalid rows, see the problem table, sync, see the progress reach the end,
 * on the batch's own page, download failed.csv, upload it fixed from the home page, open the
 * schedules (run a job now: its batch's page), drop folder and store panels, switch to Arabic (right to left), and on a phone's width.
 * Each step keeps a screenshot in test-artifacts/console/.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useChromium } from '../helpers/chromium.ts';
import { fillDropFolder } from './drop-folder.ts';
import { goHome, shownBatchEnded, tableRows } from './operator-browser.ts';
import { SECRET_VALUES } from '../../src/sandbox/index.ts';
import { startConsoleWorld, TOKEN } from './helpers.ts';

const ui = useChromium(() => startConsoleWorld({ uploadLimitBytes: 1024 * 1024 }), { acceptDownloads: true });
const { shot } = ui;

const waitForBatchEnd = () => shownBatchEnded(ui.page);
/** The cells of the problem table, row by row. */
const problemRows = () => tableRows(ui.page, '#problem-rows');

describe('the operator in a browser', () => {
  let missingId = 0;
  let lastBatchId: string | null = null;

  it('logs in with the token, typed and sent from the keyboard', async () => {
    await ui.page.goto(`${ui.world.url}/`);
    expect(new URL(ui.page.url()).pathname).toBe('/login');
    await ui.page.locator('#token').fill(TOKEN);
    await ui.page.keyboard.press('Enter');
    await ui.page.waitForURL(`${ui.world.url}/`);
    await expect.poll(() => ui.page.locator('h1').textContent()).toBe('catalog-sync console');
    await shot('1-logged-in');
  });

  it('uploads a sheet with invalid rows and sees the problem table before anything is sent', async () => {
    // Far past the ids this batch's creates take: the product is put there only before the fix.
    missingId = ui.world.sandbox.seedProduct({ title: 'Seed', sale_price: 1, category: 1 }).product_id + 50;
    const sheet = [
      'title,sale_price,category,barcode,product_id',
      'Lamp,12.5,1,B-1,',
      ',9,1,B-2,',
      'Chair,3O,1,B-3,',
      `,15,,,${missingId}`,
      'Desk,40,1,B-5,',
    ].join('\n');
    await ui.page
      .locator('#file')
      .setInputFiles({ name: 'products.csv', mimeType: 'text/csv', buffer: Buffer.from(sheet) });
    await ui.page.locator('#preview').waitFor({ state: 'visible' });
    expect(await problemRows()).toEqual(
      expect.arrayContaining([
        ['3', 'title', expect.stringContaining('title'), ''],
        ['4', 'sale_price', expect.stringContaining('3O'), ''],
      ]),
    );
    expect(await ui.page.locator('[data-count="creates"]').textContent()).toBe('2');
    expect(await ui.page.locator('[data-count="invalid_rows"]').textContent()).toBe('2');
    expect(ui.world.sandbox.requests().filter((r) => r.path !== '/v1/authorization')).toEqual([]);
    await shot('2-problem-table');
  });

  it('syncs from the keyboard and sees the progress reach the end with counts per outcome', async () => {
    // Focus is on "Dry run" after the preview; the next button is "Sync".
    await expect.poll(() => ui.page.evaluate('document.activeElement && document.activeElement.id')).toBe('dry-run');
    await ui.page.keyboard.press('Tab');
    await ui.page.keyboard.press('Enter');
    expect(await waitForBatchEnd()).toBe('done');
    const bar = ui.page.locator('#bar');
    expect([await bar.getAttribute('value'), await bar.getAttribute('max')]).toEqual(['5', '5']);
    expect(await ui.page.locator('#done-text').textContent()).toContain('5 / 5');
    expect(await ui.page.locator('[data-outcome="created"]').textContent()).toBe('2');
    expect(await ui.page.locator('[data-outcome="invalid"]').textContent()).toBe('2');
    expect(await ui.page.locator('[data-outcome="failed"]').textContent()).toBe('1');
    expect(ui.world.sandbox.products().map((p) => p.fields.title)).toEqual(expect.arrayContaining(['Lamp', 'Desk']));
    // The batch's own page.
    expect(new URL(ui.page.url()).pathname).toMatch(/^\/batches\//);
    await shot('3-synced');
  });

  it('downloads failed.csv, fixes it, uploads it and sees only its rows go', async () => {
    const download = ui.page.waitForEvent('download');
    await ui.page.locator('#download-links a', { hasText: 'failed.csv' }).click();
    const path = await (await download).path();
    const failed = (await readFile(path, 'utf8')).replace(/^\uFEFF/, '');
    const lines = failed.trim().split(/\r?\n/);
    expect(lines).toHaveLength(4);
    // The fix: titles and the price typed right; the product the update named now exists.
    const fixed = failed.replace(',9,1,B-2,', 'Stool,9,1,B-2,').replace('Chair,3O,', 'Chair,30,');
    let late = ui.world.sandbox.seedProduct({ title: 'Late', sale_price: 1, category: 1 });
    while (late.product_id < missingId)
      late = ui.world.sandbox.seedProduct({ title: 'Late', sale_price: 1, category: 1 });
    expect(late.product_id).toBe(missingId);
    ui.world.sandbox.resetStats();
    // Back home, where uploads start and the batch is listed.
    await goHome(ui.page);
    await expect.poll(() => ui.page.locator('#past-rows tr').count()).toBe(1);
    await ui.page
      .locator('#file')
      .setInputFiles({ name: 'failed.csv', mimeType: 'text/csv', buffer: Buffer.from(fixed) });
    await ui.page.locator('#preview-name', { hasText: 'failed.csv' }).waitFor();
    await expect.poll(() => ui.page.locator('#no-problems').isVisible()).toBe(true);
    await ui.page.locator('#sync').click();
    await ui.page.waitForURL(/\/batches\//);
    expect(await waitForBatchEnd()).toBe('done');
    expect(await ui.page.locator('#done-text').textContent()).toContain('3 / 3');
    expect(ui.world.sandbox.requestCount('/v1/create_product')).toBe(2);
    expect(ui.world.sandbox.requestCount('/v1/update_product')).toBe(1);
    expect(ui.world.sandbox.product(missingId)?.fields.sale_price).toBe(15);
    lastBatchId = await ui.page.locator('#batch-id').textContent();
    await shot('4-fixed-rows-synced');
  });

  it('opens the schedules panel from the keyboard, runs a job now and sees its result there', async () => {
    await writeFile(join(ui.world.jobsDir, 'nightly.csv'), 'title,sale_price,category,barcode\nShelf,22,1,J-1\n');
    await writeFile(
      join(ui.world.jobsDir, 'nightly.yaml'),
      'name: nightly\nsource: nightly.csv\nschedule: "0 2 * * *"\nmode: full\n',
    );
    await goHome(ui.page);
    await ui.page.locator('#schedules-panel summary').focus();
    await ui.page.keyboard.press('Enter');
    const row = ui.page.locator('#schedule-rows tr[data-job="nightly"]');
    await row.waitFor();
    expect(await row.locator('td').nth(1).textContent()).toBe('0 2 * * *');
    // The store keeps Kuwait's time: the next run is shown on its clock, at 02:00.
    expect(await row.locator('time').textContent()).toMatch(/ 02:00 \(Asia\/Kuwait\)$/);
    // The panel's one control: Tab from its summary reaches "Run now".
    await ui.page.keyboard.press('Tab');
    expect(await ui.page.evaluate('document.activeElement.getAttribute("aria-label")')).toBe('Run now: nightly');
    await ui.page.keyboard.press('Enter');
    await expect.poll(() => ui.page.locator('#batch-id').textContent()).not.toBe(lastBatchId);
    expect(await waitForBatchEnd()).toBe('done');
    expect(ui.world.sandbox.products().map((p) => p.fields.title)).toContain('Shelf');
    // The run had its own page; back home, the panel shows it as the job's last result.
    await goHome(ui.page);
    await ui.page.locator('#schedules-panel summary').click();
    await expect.poll(() => row.locator('[data-status]').getAttribute('data-status')).toBe('done');
    expect(await row.locator('small').last().textContent()).toContain('created 1');
    await ui.page.locator('#schedules-panel').scrollIntoViewIfNeeded();
    await shot('5-schedules');
  });

  it('opens the drop folder panel and sees the files waiting, in progress, done and failed', async () => {
    await fillDropFolder(ui.world.dropDir);
    await ui.page.locator('#drop-panel summary').click();
    const folder = (name: string) => ui.page.locator(`#drop-folders [data-folder="${name}"]`);
    await folder('inbox').waitFor();
    expect(await folder('inbox').locator('li').allTextContents()).toEqual([expect.stringContaining('spring.csv')]);
    expect(await folder('processing').textContent()).toContain('big.xlsx');
    expect(await folder('done').textContent()).toContain('some rows need a fix');
    expect(await folder('done').textContent()).toContain('created 1, invalid 1');
    expect(await folder('failed').textContent()).toContain('not an XLSX file');
    await ui.page.locator('#drop-panel').scrollIntoViewIfNeeded();
    await shot('6-drop-folder');
  });

  it('opens the store panel and sees the store, its categories and the limits used, and no secret', async () => {
    await ui.page.locator('#store-panel summary').click();
    await expect.poll(() => ui.page.locator('[data-store="name"]').textContent()).toBe('Sandbox Store');
    // Every product the sandbox holds names a category: their totals add up to all of them.
    const products = ui.world.sandbox.products().length;
    expect(await ui.page.locator('[data-store="products"]').textContent()).toBe(
      `${products.toLocaleString('en')} of 1,000,000`,
    );
    expect(await ui.page.locator('[data-store="categories"]').textContent()).toBe(
      `${ui.world.sandbox.categories().length} of 100`,
    );
    expect(await ui.page.locator('#category-rows tr').count()).toBe(ui.world.sandbox.categories().length);
    const html = await ui.page.content();
    for (const secret of [TOKEN, ui.world.sandbox.password, ...SECRET_VALUES]) expect(html).not.toContain(secret);
    await ui.page.locator('#store-panel').scrollIntoViewIfNeeded();
    await shot('7-store');
  });

  it('switches to Arabic and finds the page laid out right to left', async () => {
    await ui.page.locator('#lang-switch').click();
    await ui.page.waitForURL(/lang=ar/);
    const html = ui.page.locator('html');
    expect([await html.getAttribute('lang'), await html.getAttribute('dir')]).toEqual(['ar', 'rtl']);
    const heading = await ui.page.locator('h1').boundingBox();
    const width = await ui.page.evaluate<number>('document.documentElement.clientWidth');
    // Right to left: the title starts at the right edge (the body's padding aside), not the left.
    expect(heading!.x + heading!.width).toBeGreaterThan(width - 200);
    expect(heading!.x).toBeGreaterThan(width / 2);
    expect(await ui.page.locator('#upload-heading').textContent()).toContain('اختر');
    // Outcome counts are listed the Arabic way: "أُنشئ 2، وغير صالح 2".
    await expect.poll(() => ui.page.locator('#past-rows').textContent()).toContain('، و');
    await expect.poll(() => ui.page.locator('#store-panel summary').textContent()).toBe('المتجر');
    await ui.page.locator('#schedules-panel summary').click();
    await expect
      .poll(() => ui.page.locator('#schedule-rows tr[data-job="nightly"] button').textContent())
      .toBe('شغّل الآن');
    // The cron reads left to right on the Arabic page: its first field stands left of its last.
    const [first, last] = await ui.page.evaluate<[number, number]>(`(() => {
      const text = document.querySelector('#schedule-rows tr[data-job="nightly"] bdi[dir="ltr"]').firstChild;
      const at = (i) => { const r = document.createRange(); r.setStart(text, i); r.setEnd(text, i + 1); return r.getBoundingClientRect().x; };
      return [at(0), at(text.length - 1)];
    })()`);
    expect(first).toBeLessThan(last);
    await shot('8-arabic');
  });

  it('fits a phone, with the three panels open: no sideways scrolling of the page', async () => {
    await ui.page.setViewportSize({ width: 390, height: 844 });
    await ui.page.goto(`${ui.world.url}/?lang=en`);
    await expect.poll(() => ui.page.locator('#past-rows tr').count()).toBe(3);
    for (const panel of ['schedules', 'drop', 'store']) await ui.page.locator(`#${panel}-panel summary`).click();
    await ui.page.locator('#schedule-rows tr').first().waitFor();
    await ui.page.locator('#drop-folders [data-folder]').first().waitFor();
    await ui.page.locator('#category-rows tr').first().waitFor();
    expect(await ui.page.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);
    await shot('9-phone');
  });
});
