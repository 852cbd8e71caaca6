/**
 * In a real Chromium, English and Arabic: a batch with two creates whose answer was lost (one the
 * store wrote, one it never did) offers "Check with the store". The check changes nothing and
 * shows which row would become created and which failed, and why; "Record these outcomes" records
 * them, the rows list refreshes (the failed row opens in the fix grid, the created one is gone)
 * and the re-run creates the failed row once. The command is for engineers, in a closed part.
 * Screenshots: test-artifacts/operator/<lang>-reconcile-*.png (operator-browser.ts).
 */
import { describe, expect, it } from 'vitest';
import { TEXTS } from '../../src/messages/console.ts';
import { batchEnded, chooseSheet, tableRows, useOperatorBrowser } from './operator-browser.ts';

const REASONS = {
  en: { none: 'none of the unknown creates landed', all: 'every one landed' },
  ar: { none: 'لم تصل أي عملية إنشاء غير معروفة', all: 'وصلت كلها' },
} as const;

for (const lang of ['en', 'ar'] as const) {
  describe(`checking unknown creates with the store (${lang})`, () => {
    const T = TEXTS[lang];
    // One row at a time, in sheet order: the first create meets the first fault, the second the next.
    const t = useOperatorBrowser({ world: { env: { CONCURRENCY: '1' } }, lang });

    const outcomes = async (batchId: string): Promise<string[]> => {
      const res = await t.world.api(`/api/batches/${batchId}/rows?outcome=created,failed,unknown`);
      return ((await res.json()) as { rows: { row: number; outcome: string }[] }).rows.map(
        (r) => `${r.row}:${r.outcome}`,
      );
    };

    it('checks first, changing nothing, then records the outcomes; the failed row is sent again once', async () => {
      const { page } = t.browser;
      // Row 2 (category 1) is written and its answer lost; row 3 (category 2) is never written.
      t.world.sandbox.inject({ kind: 'resetAfterApply', path: '/v1/create_product', times: 1 });
      t.world.sandbox.inject({ kind: 'status500', path: '/v1/create_product', times: 1 });
      const sheet = [
        'title,category,sale_price,barcode',
        'Lamp,1,5,L-1',
        'Desk,2,5,D-1',
        'Sofa,1,5,S-1',
        'Bed,2,5,B-1',
      ];
      await chooseSheet(page, 'lost.csv', sheet.join('\n'));
      await page.locator('#sync').click();
      expect(await batchEnded(page, null)).toBe('done');
      const batchId = (await page.locator('#batch-id').textContent())!;
      await page.locator('#reasons').waitFor({ state: 'visible' });
      const listed = await tableRows(page, '#reason-rows');
      expect(listed.map((r) => [r[0], r[1]])).toEqual([
        ['2', T.unknown],
        ['3', T.unknown],
      ]);
      // The button is the operator's way; the command is for engineers, in a closed part.
      expect(listed[0]![3]).toContain(T.unknown_said);
      expect(listed[0]![4]).not.toContain('catalog-sync');
      expect(await page.locator('#reason-rows tr[data-row="2"] details.engineers code').textContent()).toBe(
        `catalog-sync reconcile ${batchId}`,
      );
      await page.locator('#reconcile').waitFor({ state: 'visible' });
      expect(await page.locator('#reconcile-check').textContent()).toBe(T.reconcile_check);

      await page.locator('#reconcile-check').click();
      await page.locator('#reconcile-status', { hasText: T.reconcile_would }).waitFor();
      const would = await tableRows(page, '#reconcile-rows');
      expect(would.map((r) => [r[0], r[1], r[2]])).toEqual([
        ['2', '1', T.reconcile_would_created],
        ['3', '2', T.reconcile_would_failed],
      ]);
      expect(would[0]![3]).toContain(REASONS[lang].all);
      expect(would[1]![3]).toContain(REASONS[lang].none);
      // A check changes nothing: the report still says unknown.
      expect(await outcomes(batchId)).toEqual(['2:unknown', '3:unknown', '4:created', '5:created']);
      await page.locator('#reconcile').scrollIntoViewIfNeeded();
      await t.browser.shot(`${lang}-reconcile-1-checked`);

      await page.locator('#reconcile-apply').click();
      await page.locator('#reconcile-status', { hasText: T.reconcile_done }).waitFor();
      expect(await outcomes(batchId)).toEqual(['2:created', '3:failed', '4:created', '5:created']);
      // The list is read again: the created row needs nothing, the failed one opens in the grid.
      await page.locator('#reason-rows tr[data-row="3"][data-row-outcome="failed"]').waitFor();
      expect((await tableRows(page, '#reason-rows')).map((r) => [r[0], r[1]])).toEqual([['3', T.failed]]);
      await page.locator('#fix-rows tr[data-row="3"]').waitFor();
      expect(await page.locator('#reconcile-apply').isHidden()).toBe(true);
      // Every unknown row is settled: nothing is left to check.
      expect(await page.locator('#reconcile-check').isHidden()).toBe(true);
      await page.locator('#batch-counts dd[data-outcome="failed"]', { hasText: '1' }).waitFor();
      await page.locator('#rerun').waitFor({ state: 'visible' });
      await page.locator('#reasons').scrollIntoViewIfNeeded();
      await t.browser.shot(`${lang}-reconcile-2-recorded`);

      // The failed row goes again, as it is; the created one is never sent again.
      const createsBefore = t.world.sandbox.requestCount('/v1/create_product');
      await page.locator('#rerun').click();
      expect(await batchEnded(page, batchId)).toBe('done');
      expect(t.world.sandbox.requestCount('/v1/create_product')).toBe(createsBefore + 1);
      const barcodes = t.world.sandbox
        .products()
        .map((p) => p.fields.barcode)
        .sort();
      expect(barcodes).toEqual(['B-1', 'D-1', 'L-1', 'S-1']);
    });
  });
}
