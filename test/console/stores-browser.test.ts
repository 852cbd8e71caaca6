/**
 * The console for many stores in a real Chromium (Debian's `chromium`, driven by playwright-core):
 * the agency logs in, sees the store switcher, syncs a sheet to one store after the page named
 * that store and asked, switches to the other store from the keyboard and syncs there; each store
 * gets exactly its rows. Then a store's own login sees its store alone, with no switcher, and a
 * link to the other store's batch says that batch is not its store's (English and Arabic).
 * Each step keeps a screenshot in test-artifacts/console/.
 */
import { describe, expect, it } from 'vitest';
import { useChromium } from '../helpers/chromium.ts';
import { goHome, shownBatchEnded } from './operator-browser.ts';
import { TEXTS } from '../../src/messages/console.ts';
import { TOKEN } from './helpers.ts';
import { startStoresWorld } from './stores-world.ts';

/** A batch of the store `south`, which a login of `north` alone does not have. */
let southBatch = '';

const ui = useChromium(() =>
  startStoresWorld({
    stores: [
      { id: 'north', name: { store_name: 'North Shop', store_name_ar: 'متجر الشمال' } },
      { id: 'south', name: { store_name: 'South Shop', store_name_ar: 'متجر الجنوب' } },
    ],
  }),
);
const { shot } = ui;

const waitForBatchEnd = () => shownBatchEnded(ui.page);

async function upload(name: string, prefix: string): Promise<void> {
  const sheet = `title,sale_price,category,barcode\n${prefix} lamp,12,1,${prefix}-1\n${prefix} desk,40,1,${prefix}-2\n`;
  await ui.page.locator('#file').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(sheet) });
  await ui.page.locator('#preview-name', { hasText: name }).waitFor();
}

const barcodes = (id: string): unknown[] => ui.world.stores[id]!.sandbox.products().map((p) => p.fields.barcode);

describe('an agency with two stores, in a browser', () => {
  it('logs in with the agency token and sees a labelled store switcher, the store named by the Sync button', async () => {
    // The page names each store as its login said: wait until the console has heard both.
    await expect
      .poll(async () =>
        ((await (await ui.world.api('/api/stores')).json()) as { name: string | null }[]).every((s) => s.name !== null),
      )
      .toBe(true);
    await ui.page.goto(`${ui.world.url}/login`);
    await ui.page.locator('#token').fill(TOKEN);
    await ui.page.keyboard.press('Enter');
    await ui.page.waitForURL(`${ui.world.url}/`);
    const select = ui.page.getByLabel('Store', { exact: true });
    // The label names the select (getByLabel found it through <label for>).
    expect(await ui.page.locator('select#store-select').count()).toBe(1);
    expect(await select.getAttribute('id')).toBe('store-select');
    expect(await select.locator('option').allTextContents()).toEqual(['North Shop (north)', 'South Shop (south)']);
    expect(await ui.page.locator('#sync-store').textContent()).toBe('Rows go to North Shop (north)');
    await shot('stores-1-switcher');
  });

  it('names the store and asks before a sync: Escape sends nothing, "Send to North Shop" syncs there', async () => {
    await upload('north.csv', 'N');
    await expect.poll(() => ui.page.evaluate('document.activeElement && document.activeElement.id')).toBe('dry-run');
    await ui.page.keyboard.press('Tab');
    await ui.page.keyboard.press('Enter');
    const dialog = ui.page.locator('#confirm-send');
    await dialog.waitFor({ state: 'visible' });
    expect(await ui.page.locator('#confirm-store').textContent()).toBe('North Shop (north)');
    expect(await dialog.textContent()).toContain(ui.world.stores.north!.sandbox.url);
    expect(await ui.page.locator('#confirm-what').textContent()).toBe('north.csv');
    // Cancel has the focus: Enter by habit sends nothing.
    expect(await ui.page.evaluate('document.activeElement.textContent')).toBe('Cancel');
    await shot('stores-2-asked');
    await ui.page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await ui.page.locator('#batch').isHidden()).toBe(true);
    expect(ui.world.stores.north!.sandbox.requestCount('/v1/create_product')).toBe(0);

    await ui.page.locator('#sync').click();
    await dialog.waitFor({ state: 'visible' });
    await ui.page.keyboard.press('Tab');
    expect(await ui.page.evaluate('document.activeElement.id')).toBe('confirm-go');
    expect(await ui.page.locator('#confirm-go').textContent()).toBe('Send to North Shop (north)');
    await ui.page.keyboard.press('Enter');
    expect(await waitForBatchEnd()).toBe('done');
    expect(barcodes('north')).toEqual(['N-1', 'N-2']);
    expect(barcodes('south')).toEqual([]);
    await shot('stores-3-synced-north');
  });

  it('switches to the other store from the keyboard and syncs there; each store has exactly its rows', async () => {
    await ui.page.locator('#store-select').focus();
    await ui.page.keyboard.press('ArrowDown');
    await ui.page.keyboard.press('Tab');
    await ui.page.keyboard.press('Enter');
    await ui.page.waitForURL(/store=south/);
    expect(await ui.page.locator('#sync-store').textContent()).toBe('Rows go to South Shop (south)');
    // The past batches are this store's: none yet.
    await expect.poll(() => ui.page.locator('#past-none').textContent()).toBe('No batches yet.');

    await upload('south.csv', 'S');
    await ui.page.locator('#sync').click();
    await ui.page.locator('#confirm-send').waitFor({ state: 'visible' });
    expect(await ui.page.locator('#confirm-store').textContent()).toBe('South Shop (south)');
    await ui.page.locator('#confirm-go').click();
    expect(await waitForBatchEnd()).toBe('done');
    expect(barcodes('south')).toEqual(['S-1', 'S-2']);
    expect(barcodes('north')).toEqual(['N-1', 'N-2']);
    southBatch = (await ui.page.locator('#batch-id').textContent())!;
    // The batch's page is its store's; home lists the store's batches.
    expect(ui.page.url()).toBe(`${ui.world.url}/batches/${southBatch}?store=south`);
    await goHome(ui.page);
    await expect.poll(() => ui.page.locator('#past-rows tr').count()).toBe(1);
    await shot('stores-4-synced-south');
  });

  it('keeps the store when the page turns Arabic, and names it in Arabic', async () => {
    await ui.page.locator('#lang-switch').click();
    await ui.page.waitForURL(/lang=ar/);
    expect(await ui.page.locator('html').getAttribute('dir')).toBe('rtl');
    expect(await ui.page.locator('#sync-store').textContent()).toBe('تذهب الصفوف إلى متجر الجنوب (south)');
    await shot('stores-5-arabic');
    await ui.page.goto(`${ui.world.url}/?lang=en`);
  });

  it("a store's own login sees its store alone: no switcher, its batches only", async () => {
    await ui.page.locator('form[action="/logout"] button').click();
    await ui.page.waitForURL(/\/login$/);
    await ui.page.locator('#token').fill(ui.world.stores.north!.token!);
    await ui.page.keyboard.press('Enter');
    await ui.page.waitForURL(`${ui.world.url}/`);
    expect(await ui.page.locator('#store-select').count()).toBe(0);
    expect(await ui.page.locator('.store-current').textContent()).toBe('Store: North Shop (north)');
    expect(await ui.page.locator('#sync-store').textContent()).toBe('Rows go to North Shop (north)');
    await expect.poll(() => ui.page.locator('#past-rows tr').count()).toBe(1);
    expect(await ui.page.locator('#past-rows').textContent()).toContain('north.csv');
    // Another store's page does not exist for this login.
    const other = await ui.page.goto(`${ui.world.url}/?store=south`);
    expect(other?.status()).toBe(404);
    await ui.page.goto(`${ui.world.url}/`);
    await shot('stores-6-store-login');
    // A link to another store's batch (its API answers 404) says so, in either language, never `queued`:
    // its page, and an old link that goes on to it.
    for (const lang of ['en', 'ar'] as const) {
      const page404 = await ui.page.goto(`${ui.world.url}/batches/${southBatch}?lang=${lang}`);
      expect(page404?.status()).toBe(404);
      expect(await ui.page.locator('#batch-missing').textContent()).toBe(TEXTS[lang].batch_missing);
      await ui.page.goto('about:blank');
      await ui.page.goto(`${ui.world.url}/?lang=${lang}#batch=${southBatch}`);
      await ui.page.waitForURL(`${ui.world.url}/batches/${southBatch}?store=north`);
      await ui.page.locator('#batch-status[data-status="missing"]').waitFor();
      expect(await ui.page.locator('#batch-status').textContent()).toBe(TEXTS[lang].status_missing);
      expect(await ui.page.locator('#batch-missing').textContent()).toBe(TEXTS[lang].batch_missing);
      expect(await ui.page.locator('#bar').count()).toBe(0);
      await shot(`stores-7-other-store-batch-${lang}`);
    }
    await ui.page.goto(`${ui.world.url}/?lang=en`);
  });
});
