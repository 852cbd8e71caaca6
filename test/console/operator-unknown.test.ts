/**
 * A create whose outcome is unknown (the store answered 500 after it applied the write) is
 * explained on the page and offered "Check with the store" (the command for engineers), never a resend: it is not in the fix grid,
 * while a row the store refused is. Screenshot: test-artifacts/operator/en-unknown.png.
 */
import { expect, it } from 'vitest';
import { batchEnded, tableRows, useOperatorBrowser } from './operator-browser.ts';

const t = useOperatorBrowser();

it('explains an unknown create and offers the check with the store; only the refused row opens in the grid', async () => {
  const { page } = t.browser;
  const missing = t.world.sandbox.seedProduct({ title: 'Seed', sale_price: 1, category: 1 }).product_id + 50;
  const sheet = ['title,sale_price,category,barcode,product_id', 'Lamp,12.5,1,U-1,', `,15,,,${missing}`].join('\n');
  t.world.sandbox.inject({ kind: 'status500AfterApply', path: '/v1/create_product', times: 1 });
  await page.locator('#file').setInputFiles({ name: 'unknown.csv', mimeType: 'text/csv', buffer: Buffer.from(sheet) });
  await page.locator('#preview').waitFor({ state: 'visible' });
  await page.locator('#sync').click();
  expect(await batchEnded(page, null)).toBe('done');
  await page.locator('#reasons').waitFor({ state: 'visible' });
  const reasons = await tableRows(page, '#reason-rows');
  expect(reasons.map((r) => [r[0], r[1]])).toEqual([
    ['2', 'unknown'],
    ['3', 'failed'],
  ]);
  const batchId = await page.locator('#batch-id').textContent();
  expect(await page.locator('#reason-rows tr[data-row="2"] details.engineers code').textContent()).toBe(
    `catalog-sync reconcile ${batchId}`,
  );
  // The operator's way is the button below the list (operator-reconcile.test.ts follows it).
  await page.locator('#reconcile-check').waitFor({ state: 'visible' });
  // The refused update can be fixed and sent; the unknown create is not offered.
  await page.locator('#fix').waitFor({ state: 'visible' });
  const gridRows = await page.locator('#fix-rows tr').all();
  expect(await Promise.all(gridRows.map((tr) => tr.getAttribute('data-row')))).toEqual(['3']);
  expect(t.world.sandbox.requestCount('/v1/create_product')).toBe(1);
  await page.locator('#reasons').scrollIntoViewIfNeeded();
  await t.browser.shot('en-unknown');
});
