/**
 * A batch with more rows that need attention than one page of the API: the page lists the first
 * hundred, says how many are not shown yet, and "Show more" adds the rest to the table and the
 * fix grid. Screenshot: test-artifacts/operator/en-paging.png.
 */
import { expect, it } from 'vitest';
import { batchEnded, useOperatorBrowser } from './operator-browser.ts';

const t = useOperatorBrowser();

it('lists 130 invalid rows a hundred at a time, into the table and the grid', async () => {
  const { page } = t.browser;
  const rows = Array.from({ length: 130 }, (_, i) => `Item ${i},x${i},1,P-${i}`);
  const sheet = ['title,sale_price,category,barcode', ...rows].join('\n');
  await page.locator('#file').setInputFiles({ name: 'many.csv', mimeType: 'text/csv', buffer: Buffer.from(sheet) });
  await page.locator('#preview').waitFor({ state: 'visible' });
  await page.locator('#dry-run').click();
  expect(await batchEnded(page, null)).toBe('done');
  await page.locator('#reasons').waitFor({ state: 'visible' });
  await expect.poll(() => page.locator('#reason-rows tr').count()).toBe(100);
  expect(await page.locator('#fix-rows tr').count()).toBe(100);
  expect(await page.locator('#reasons-status').textContent()).toBe('Rows listed: 100; not shown yet: 30');
  await page.locator('#reasons-more').click();
  await expect.poll(() => page.locator('#reason-rows tr').count()).toBe(130);
  expect(await page.locator('#fix-rows tr').count()).toBe(130);
  expect(await page.locator('#reason-rows tr').last().getAttribute('data-row')).toBe('131');
  expect(await page.locator('#reasons-more').isHidden()).toBe(true);
  expect(await page.locator('#reasons-status').textContent()).toBe('Rows listed: 130');
  await t.browser.shot('en-paging');
});
