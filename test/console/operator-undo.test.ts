/**
 * In a real Chromium, English and Arabic (issue 38): a batch that raised two prices offers "Undo
 * this batch". The first press changes nothing and shows each product, before → after, and what
 * the undo cannot see; "Send the undo" sends it as a batch of its own, whose page the operator lands on,
 * and the store's prices are back. A product changed since by a later batch is listed and left
 * alone unless "Put it back anyway" is ticked: the next press previews it, the one after sends it.
 * Columns are named as the undone batch's sheet named them (`السعر`, `رقم المنتج`), a held undo's price
 * drops too; a product id column headed `product_id` is "Product". A create is hidden in the store,
 * said in words (HIDDEN_STATUS set): the undo box never names `product_id` or `product_status`.
 * Screenshots: test-artifacts/operator/<lang>-undo-*.png.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { TEXTS } from '../../src/messages/console.ts';
import {
  batchEnded,
  expectHeldByHeader,
  expectOperatorWords,
  goHome,
  tableRows,
  useOperatorBrowser,
} from './operator-browser.ts';

/** The undo box as the operator reads it: no engineer's words, and no field named as the store names it. */
async function expectUndoWords(page: Page): Promise<string> {
  await expectOperatorWords(page);
  const shown = (await page.locator('#undo-box').innerText()).trim();
  expect(shown).not.toMatch(/product_id|product_status/);
  return shown;
}

async function syncSheet(page: Page, name: string, lines: string[], before: string | null): Promise<string> {
  await goHome(page);
  await page.locator('#file').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(lines.join('\n')) });
  await page.locator('#preview').waitFor({ state: 'visible' });
  await page.locator('#sync').click();
  expect(await batchEnded(page, before)).toBe('done');
  return (await page.locator('#batch-id').textContent())!;
}

for (const lang of ['en', 'ar'] as const) {
  describe(`undoing a batch (${lang})`, () => {
    const T = TEXTS[lang];
    // The status that hides a product: an undo of a batch's creates hides them.
    const t = useOperatorBrowser({ lang, world: { env: { HIDDEN_STATUS: '0' } } });

    it('previews what goes back, sending nothing, then sends the undo and the prices are back', async () => {
      const { page } = t.browser;
      const price = (id: number) => t.world.sandbox.product(id)?.fields.sale_price;
      const created = await syncSheet(
        page,
        'new.csv',
        ['title,category,sale_price,barcode', 'Lamp,1,12,L-1', 'Desk,1,12,D-1'],
        null,
      );
      const [a, b] = ['L-1', 'D-1'].map(
        (code) => t.world.sandbox.products().find((p) => p.fields.barcode === code)!.product_id,
      ) as [number, number];
      const raised = await syncSheet(
        page,
        'raise.csv',
        ['product_id,barcode,sale_price', `${a},L-1,20`, `${b},D-1,20`],
        created,
      );
      expect([price(a), price(b)]).toEqual([20, 20]);

      await page.locator('#undo').waitFor({ state: 'visible' });
      expect(await page.locator('#undo').textContent()).toBe(T.undo_button);
      const writes = t.world.sandbox.requestCount('/v1/update_product');
      await page.locator('#undo').click();
      await page.locator('#undo-status', { hasText: T.undo_ready }).waitFor();
      expect(await tableRows(page, '#undo-rows')).toEqual([
        [String(a), 'sale_price 20 → 12'],
        [String(b), 'sale_price 20 → 12'],
      ]);
      expect(await page.locator('#undo-box .hint').textContent()).toBe(T.undo_hint);
      // The sheet's header was the store's field name: the page's own word for the column instead.
      expect(await page.locator('#undo-product-head').textContent()).toBe(T.col_product);
      await expectUndoWords(page);
      expect(t.world.sandbox.requestCount('/v1/update_product')).toBe(writes);
      await page.locator('#undo-box').scrollIntoViewIfNeeded();
      await t.browser.shot(`${lang}-undo-1-preview`);

      await page.locator('#undo-send').click();
      expect(await batchEnded(page, raised)).toBe('done');
      const undoBatch = (await page.locator('#batch-id').textContent())!;
      await page.locator('#batch-counts dd[data-outcome="updated"]', { hasText: '2' }).waitFor();
      expect([price(a), price(b)]).toEqual([12, 12]);
      const summary = JSON.parse(await readFile(join(t.world.reportDir, undoBatch, 'summary.json'), 'utf8')) as object;
      expect(summary).toMatchObject({ undoes: raised });
      await t.browser.shot(`${lang}-undo-2-sent`);
    });

    it('leaves a product changed since alone, and puts it back when ticked', async () => {
      const { page } = t.browser;
      const price = (id: number) => t.world.sandbox.product(id)?.fields.sale_price;
      const before = (await page.locator('#batch-id').textContent())!;
      const created = await syncSheet(
        page,
        'new2.csv',
        ['title,category,sale_price,barcode', 'Chair,1,12,C-1', 'Shelf,1,12,S-1', 'Rug,1,12,R-1'],
        before,
      );
      const [a, b, c] = ['C-1', 'S-1', 'R-1'].map(
        (code) => t.world.sandbox.products().find((p) => p.fields.barcode === code)!.product_id,
      ) as [number, number, number];
      const raised = await syncSheet(
        page,
        'raise2.csv',
        ['product_id,barcode,sale_price', `${a},C-1,20`, `${b},S-1,20`, `${c},R-1,20`],
        created,
      );
      await syncSheet(page, 'again.csv', ['product_id,barcode,sale_price', `${b},S-1,22`, `${c},R-1,22`], raised);
      // The batch's own page, as a notification's link opens it.
      await page.goto(`${t.world.url}/batches/${raised}`);
      await page.locator('#batch-id', { hasText: raised }).waitFor();
      await page.locator('#undo').waitFor({ state: 'visible' });

      await page.locator('#undo').click();
      await page.locator('#undo-status', { hasText: T.undo_ready }).waitFor();
      expect(await tableRows(page, '#undo-rows')).toEqual([[String(a), 'sale_price 20 → 12']]);
      const left = page.locator('#undo-left li[data-code="changed_since"]');
      expect(await left.count()).toBe(2);
      for (const id of [b, c]) {
        const box = page.locator(`#undo-left input[data-include="${id}"]`);
        expect(await box.isChecked()).toBe(false);
      }
      expect(await left.first().locator('label').textContent()).toBe(T.undo_include);

      const writes = t.world.sandbox.requestCount('/v1/update_product');
      await page.locator(`#undo-left input[data-include="${b}"]`).check();
      await page.locator('#undo-send').click();
      await page.locator('#undo-status', { hasText: T.undo_included }).waitFor();
      expect(await tableRows(page, '#undo-rows')).toEqual([
        [String(a), 'sale_price 20 → 12'],
        [String(b), `sale_price 22 → 12 ${T.undo_include}`],
      ]);
      expect(await page.locator(`#undo-rows input[data-include="${b}"]`).isChecked()).toBe(true);
      expect(await page.locator('#undo-left li').allTextContents()).toEqual([
        expect.stringContaining(String(c)) as string,
      ]);
      expect(t.world.sandbox.requestCount('/v1/update_product')).toBe(writes);
      await page.locator('#undo-box').scrollIntoViewIfNeeded();
      await t.browser.shot(`${lang}-undo-3-included`);

      await page.locator('#undo-send').click();
      expect(await batchEnded(page, raised)).toBe('done');
      await page.locator('#batch-counts dd[data-outcome="updated"]', { hasText: '2' }).waitFor();
      expect([price(a), price(b), price(c)]).toEqual([12, 12, 22]);
    });

    it('names the columns as the undone sheet did (السعر), in its changes and when the guard holds it', async () => {
      const { page } = t.browser;
      const price = (id: number) => t.world.sandbox.product(id)?.fields.sale_price;
      const before = (await page.locator('#batch-id').textContent())!;
      const created = await syncSheet(page, 'new3.csv', ['title,category,sale_price,barcode', 'Vase,1,10,V-1'], before);
      const a = t.world.sandbox.products().find((p) => p.fields.barcode === 'V-1')!.product_id;
      // Arabic headers: the price raised tenfold, so putting it back cuts it by 90%.
      const raised = await syncSheet(page, 'raise3.csv', ['رقم المنتج,الباركود,السعر', `${a},V-1,100`], created);
      await page.locator('#undo').waitFor({ state: 'visible' });
      await page.locator('#undo').click();
      await page.locator('#undo-status', { hasText: T.undo_ready }).waitFor();
      expect(await tableRows(page, '#undo-rows')).toEqual([[String(a), 'السعر 100 → 10']]);
      const heading = page.locator('#undo-product-head bdi[title="product_id"]');
      expect(await heading.textContent()).toBe('رقم المنتج');
      await expectUndoWords(page);

      const writes = t.world.sandbox.requestCount('/v1/update_product');
      await page.locator('#undo-send').click();
      await expectHeldByHeader(page, [['السعر', '100', '10']], 'السعر', 'sale_price');
      expect(await page.locator('#undo-box').textContent()).not.toContain('sale_price');
      expect(t.world.sandbox.requestCount('/v1/update_product')).toBe(writes);
      await t.browser.shot(`${lang}-undo-4-held`);

      await page.locator('#guard-confirm').click();
      expect(await batchEnded(page, raised)).toBe('done');
      expect(price(a)).toBe(10);
    });

    it('hides a product the batch created, said in words when its sheet had no status column', async () => {
      const { page } = t.browser;
      // The batch page the test before left open; the home page when run alone.
      const before =
        (await page.locator('#batch-id').count()) > 0 ? await page.locator('#batch-id').textContent() : null;
      const created = await syncSheet(page, 'new4.csv', ['title,category,sale_price,barcode', 'Bowl,1,10,B-1'], before);
      const a = t.world.sandbox.products().find((p) => p.fields.barcode === 'B-1')!.product_id;
      // A later batch by product_id and barcode links the create's record to its product_id.
      await syncSheet(page, 'link4.csv', ['product_id,barcode,sale_price', `${a},B-1,11`], created);
      expect(t.world.sandbox.product(a)?.product_status).toBe(1);
      await page.goto(`${t.world.url}/batches/${created}`);
      await page.locator('#batch-id', { hasText: created }).waitFor();
      await page.locator('#undo').click();
      await page.locator(`#undo-left input[data-include="${a}"]`).check();
      await page.locator('#undo-send').click();
      await page.locator('#undo-status', { hasText: T.undo_included }).waitFor();
      const hidden = lang === 'en' ? 'created by the batch: hidden in the store' : 'أنشأته الدفعة: يُخفى في المتجر';
      expect(await tableRows(page, '#undo-rows')).toEqual([[String(a), `${hidden} ${T.undo_include}`]]);
      expect(await page.locator('#undo-product-head').textContent()).toBe(T.col_product);
      expect(await expectUndoWords(page)).toContain(T.col_product);
      await page.locator('#undo-box').scrollIntoViewIfNeeded();
      await t.browser.shot(`${lang}-undo-5-created`);

      await page.locator('#undo-send').click();
      expect(await batchEnded(page, created)).toBe('done');
      expect(t.world.sandbox.product(a)?.product_status).toBe(0);
    });
  });
}
