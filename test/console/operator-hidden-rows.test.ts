/**
 * Issue 36 on the page, in a real Chromium: a workbook with a hidden row and an Excel Table's
 * totals row (XlsxWriter). Step 2 counts the hidden row, in English and Arabic, and no row has a
 * problem (the totals row is skipped); a sheet with no hidden row shows no such count.
 * Screenshots: test-artifacts/operator/en-hidden-rows.png and ar-hidden-rows.png.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openBrowser, type Browser } from './operator-browser.ts';
import { startConsoleWorld, type ConsoleWorld } from './helpers.ts';

const FILE = fileURLToPath(new URL('../fixtures/fidelity/table-totals.xlsxwriter.xlsx', import.meta.url));
const XLSX = {
  name: 'catalog.xlsx',
  mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  buffer: readFileSync(FILE),
};

let world: ConsoleWorld;
let browser: Browser;

beforeAll(async () => {
  world = await startConsoleWorld();
  browser = await openBrowser(world);
});

afterAll(async () => {
  await browser?.close();
  await world?.close();
});

it.each([
  ['en', 'Hidden or filtered out in Excel (sent all the same)'],
  ['ar', 'صفوف مخفية أو مُصفّاة في Excel (تُرسل كغيرها)'],
])('step 2 on the %s page counts the hidden row, and no row has a problem', async (lang, label) => {
  const { page } = browser;
  await page.goto(`${world.url}/?lang=${lang}`);
  await page.locator('#file').setInputFiles(XLSX);
  await page.locator('#preview').waitFor({ state: 'visible' });
  const hidden = page.locator('[data-count="hidden_rows"]');
  expect(await hidden.textContent()).toBe('1');
  expect(await hidden.locator('xpath=preceding-sibling::dt').textContent()).toBe(label);
  expect(await page.locator('[data-count="rows"]').textContent()).toBe('3');
  expect(await page.locator('[data-count="invalid_rows"]').textContent()).toBe('0');
  await browser.shot(`${lang}-hidden-rows`);
});

it('a sheet with no hidden row shows no hidden count', async () => {
  const { page } = browser;
  await page.goto(`${world.url}/?lang=en`);
  const csv = 'title,sale_price,category\nLamp,12,1\n';
  await page.locator('#file').setInputFiles({ name: 'p.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect.poll(() => page.locator('[data-count="rows"]').textContent()).toBe('1');
  expect(await page.locator('[data-count="hidden_rows"]').count()).toBe(0);
});
