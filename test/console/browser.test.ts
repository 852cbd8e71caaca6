/**
 * The operator's path in a real Chromium (Debian's `chromium`, driven by playwright-core): log in,
 * upload a sheet with invalid rows, see the problem table, sync, see the progress reach the end,
 * download failed.csv, upload it fixed, switch to Arabic (right to left), and on a phone's width.
 * Each step keeps a screenshot in test-artifacts/console/.
 */
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startConsoleWorld, TOKEN, type ConsoleWorld } from './helpers.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARTIFACTS = join(process.cwd(), 'test-artifacts', 'console');
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

let world: ConsoleWorld;
let profile: string;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  await mkdir(ARTIFACTS, { recursive: true });
  world = await startConsoleWorld({ uploadLimitBytes: 1024 * 1024 });
  // A fresh profile each run: no cookie, cache or setting of an earlier run.
  profile = await mkdtemp(join(tmpdir(), 'console-chromium-'));
  context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: FLAGS,
    acceptDownloads: true,
    viewport: { width: 1280, height: 900 },
  });
  page = context.pages()[0] ?? (await context.newPage());
});

afterAll(async () => {
  await context?.close();
  await world?.close();
  if (profile) await rm(profile, { recursive: true, force: true });
});

async function shot(name: string): Promise<void> {
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });
}

/** The batch shown has ended: its status is `done` or `failed`. */
async function waitForBatchEnd(): Promise<string | null> {
  const status = page.locator('#batch-status');
  await expect.poll(() => status.getAttribute('data-status'), { timeout: 90_000 }).toMatch(/^(done|failed)$/);
  return status.getAttribute('data-status');
}

/** The cells of the problem table, row by row. */
async function problemRows(): Promise<string[][]> {
  const rows: string[][] = [];
  for (const tr of await page.locator('#problem-rows tr').all()) rows.push(await tr.locator('td').allTextContents());
  return rows;
}

describe('the operator in a browser', () => {
  let missingId = 0;

  it('logs in with the token, typed and sent from the keyboard', async () => {
    await page.goto(`${world.url}/`);
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.locator('#token').fill(TOKEN);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${world.url}/`);
    await expect.poll(() => page.locator('h1').textContent()).toBe('catalog-sync console');
    await shot('1-logged-in');
  });

  it('uploads a sheet with invalid rows and sees the problem table before anything is sent', async () => {
    // Far past the ids this batch's creates take: the product is put there only before the fix.
    missingId = world.sandbox.seedProduct({ title: 'Seed', sale_price: 1, category: 1 }).product_id + 50;
    const sheet = [
      'title,sale_price,category,barcode,product_id',
      'Lamp,12.5,1,B-1,',
      ',9,1,B-2,',
      'Chair,3O,1,B-3,',
      `,15,,,${missingId}`,
      'Desk,40,1,B-5,',
    ].join('\n');
    await page
      .locator('#file')
      .setInputFiles({ name: 'products.csv', mimeType: 'text/csv', buffer: Buffer.from(sheet) });
    await page.locator('#preview').waitFor({ state: 'visible' });
    expect(await problemRows()).toEqual(
      expect.arrayContaining([
        ['3', 'title', expect.stringContaining('title'), ''],
        ['4', 'sale_price', expect.stringContaining('3O'), ''],
      ]),
    );
    expect(await page.locator('[data-count="creates"]').textContent()).toBe('2');
    expect(await page.locator('[data-count="invalid_rows"]').textContent()).toBe('2');
    expect(world.sandbox.requests().filter((r) => r.path !== '/v1/authorization')).toEqual([]);
    await shot('2-problem-table');
  });

  it('syncs from the keyboard and sees the progress reach the end with counts per outcome', async () => {
    // Focus is on "Dry run" after the preview; the next button is "Sync".
    await expect.poll(() => page.evaluate('document.activeElement && document.activeElement.id')).toBe('dry-run');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    expect(await waitForBatchEnd()).toBe('done');
    const bar = page.locator('#bar');
    expect([await bar.getAttribute('value'), await bar.getAttribute('max')]).toEqual(['5', '5']);
    expect(await page.locator('#done-text').textContent()).toContain('5 / 5');
    expect(await page.locator('[data-outcome="created"]').textContent()).toBe('2');
    expect(await page.locator('[data-outcome="invalid"]').textContent()).toBe('2');
    expect(await page.locator('[data-outcome="failed"]').textContent()).toBe('1');
    expect(world.sandbox.products().map((p) => p.fields.title)).toEqual(expect.arrayContaining(['Lamp', 'Desk']));
    await expect.poll(() => page.locator('#past-rows tr').count()).toBe(1);
    await shot('3-synced');
  });

  it('downloads failed.csv, fixes it, uploads it and sees only its rows go', async () => {
    const download = page.waitForEvent('download');
    await page.locator('#download-links a', { hasText: 'failed.csv' }).click();
    const path = await (await download).path();
    const failed = (await readFile(path, 'utf8')).replace(/^\uFEFF/, '');
    const lines = failed.trim().split(/\r?\n/);
    expect(lines).toHaveLength(4);
    // The fix: titles and the price typed right; the product the update named now exists.
    const fixed = failed.replace(',9,1,B-2,', 'Stool,9,1,B-2,').replace('Chair,3O,', 'Chair,30,');
    let late = world.sandbox.seedProduct({ title: 'Late', sale_price: 1, category: 1 });
    while (late.product_id < missingId) late = world.sandbox.seedProduct({ title: 'Late', sale_price: 1, category: 1 });
    expect(late.product_id).toBe(missingId);
    world.sandbox.resetStats();
    await page.locator('#file').setInputFiles({ name: 'failed.csv', mimeType: 'text/csv', buffer: Buffer.from(fixed) });
    await page.locator('#preview-name', { hasText: 'failed.csv' }).waitFor();
    await expect.poll(() => page.locator('#no-problems').isVisible()).toBe(true);
    const before = await page.locator('#batch-id').textContent();
    await page.locator('#sync').click();
    await expect.poll(() => page.locator('#batch-id').textContent()).not.toBe(before);
    expect(await waitForBatchEnd()).toBe('done');
    expect(await page.locator('#done-text').textContent()).toContain('3 / 3');
    expect(world.sandbox.requestCount('/v1/create_product')).toBe(2);
    expect(world.sandbox.requestCount('/v1/update_product')).toBe(1);
    expect(world.sandbox.product(missingId)?.fields.sale_price).toBe(15);
    await shot('4-fixed-rows-synced');
  });

  it('switches to Arabic and finds the page laid out right to left', async () => {
    await page.locator('#lang-switch').click();
    await page.waitForURL(/lang=ar/);
    const html = page.locator('html');
    expect([await html.getAttribute('lang'), await html.getAttribute('dir')]).toEqual(['ar', 'rtl']);
    const heading = await page.locator('h1').boundingBox();
    const width = await page.evaluate<number>('document.documentElement.clientWidth');
    // Right to left: the title starts at the right edge (the body's padding aside), not the left.
    expect(heading!.x + heading!.width).toBeGreaterThan(width - 200);
    expect(heading!.x).toBeGreaterThan(width / 2);
    expect(await page.locator('#upload-heading').textContent()).toContain('اختر');
    await shot('5-arabic');
  });

  it('fits a phone: no sideways scrolling of the page', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${world.url}/?lang=en`);
    await expect.poll(() => page.locator('#past-rows tr').count()).toBe(2);
    expect(await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);
    await shot('6-phone');
  });
});
