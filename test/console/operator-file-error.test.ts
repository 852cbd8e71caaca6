/**
 * A sheet the console cannot read, uploaded on the Arabic page in a real Chromium: the page says
 * why in Arabic, the file named as chosen; on the English page in English. Screenshots:
 * test-artifacts/operator/ar-file-error.png and en-file-error.png.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { fixture } from '../sheet-read/helpers.ts';
import { openBrowser, type Browser } from './operator-browser.ts';
import { startConsoleWorld, type ConsoleWorld } from './helpers.ts';

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

const XLS = { name: 'قديم.xls', mimeType: 'application/vnd.ms-excel', buffer: readFileSync(fixture('legacy.xls')) };

it('a legacy .xls on the Arabic page: the reason in Arabic; on the English page in English', async () => {
  const { page } = browser;
  await page.goto(`${world.url}/?lang=ar`);
  await page.locator('#file').setInputFiles(XLS);
  const error = page.locator('#upload-error');
  await expect
    .poll(() => error.textContent())
    .toContain(
      'قديم.xls: هذا ملف .xls بالصيغة القديمة (أو مصنّف محمي بكلمة مرور)؛ افتحه في Excel واحفظه بصيغة .xlsx أو CSV',
    );
  expect(await error.textContent()).not.toMatch(/legacy|open it in Excel/);
  // The Latin runs (the extension, Excel, the formats) are isolated left to right, in order.
  expect(await error.locator('bdi').allTextContents()).toEqual(['.xls', '.xls', 'Excel', '.xlsx', 'CSV']);
  expect(await page.locator('#preview').isHidden()).toBe(true);
  await browser.shot('ar-file-error');

  await page.goto(`${world.url}/?lang=en`);
  await page.locator('#file').setInputFiles(XLS);
  await expect
    .poll(() => error.textContent())
    .toContain('قديم.xls: this is a legacy .xls file (or a password-protected workbook); open it in Excel');
  await browser.shot('en-file-error');
});
