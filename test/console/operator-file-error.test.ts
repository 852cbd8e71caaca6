/**
 * A sheet the console cannot read, uploaded on the Arabic page in a real Chromium: the page says
 * why in Arabic, the file named as chosen; on the English page in English. Screenshots:
 * test-artifacts/operator/ar-file-error.png and en-file-error.png.
 */
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { fixture } from '../sheet-read/helpers.ts';
import { useOperatorBrowser } from './operator-browser.ts';

const t = useOperatorBrowser();

const XLS = { name: 'قديم.xls', mimeType: 'application/vnd.ms-excel', buffer: readFileSync(fixture('legacy.xls')) };

it('a legacy .xls on the Arabic page: the reason in Arabic; on the English page in English', async () => {
  const { page } = t.browser;
  await page.goto(`${t.world.url}/?lang=ar`);
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
  await t.browser.shot('ar-file-error');

  await page.goto(`${t.world.url}/?lang=en`);
  await page.locator('#file').setInputFiles(XLS);
  await expect
    .poll(() => error.textContent())
    .toContain('قديم.xls: this is a legacy .xls file (or a password-protected workbook); open it in Excel');
  await t.browser.shot('en-file-error');
});
