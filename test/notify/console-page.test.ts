/**
 * The console in a real Chromium: a batch's page, opened at the link the e-mail gives
 * (`/batches/<id>`), shows its notification retrying with the next try's time, then delivered;
 * the home page's "send a test notification" button says what came of it.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchChromium, type Chromium } from '../helpers/chromium.ts';
import { readEvents, sheetForm, startConsoleWorld, TOKEN, type ConsoleWorld } from '../console/helpers.ts';
import { newSecret, startReceiver, type Receiver } from './helpers.ts';
import { SHEET } from './world.ts';

const ARTIFACTS = join(process.cwd(), 'test-artifacts', 'console');

let world: ConsoleWorld;
let receiver: Receiver;
let chromium: Chromium;
let page: Page;

beforeAll(async () => {
  await mkdir(ARTIFACTS, { recursive: true });
  const secret = newSecret();
  // The batch's first attempt fails; everything after is accepted.
  receiver = await startReceiver(secret, (n) => (n === 0 ? 503 : 204));
  world = await startConsoleWorld({ env: { NOTIFY_WEBHOOK_URL: receiver.url, NOTIFY_WEBHOOK_SECRET: secret } });
  chromium = await launchChromium();
  page = chromium.page;
});

afterAll(async () => {
  await chromium?.close();
  await world?.close();
  await receiver?.close();
});

it("shows a batch's notification retrying, then delivered, and sends a test one", async () => {
  const res = await world.api('/api/batches', {
    method: 'POST',
    body: sheetForm('products.csv', `${SHEET.join('\n')}\n`),
  });
  const { batchId } = (await res.json()) as { batchId: string };
  await readEvents(world, batchId);
  await receiver.nth(1);

  await page.goto(`${world.url}/login?token=${TOKEN}`);
  // The batch's own page, as the e-mail links it.
  await page.goto(`${world.url}/batches/${batchId}?lang=en`);
  await expect.poll(() => page.locator('#batch-id').textContent()).toBe(batchId);
  const item = page.locator('#notification-list li[data-channel="webhook"]');
  await expect.poll(() => item.getAttribute('data-state'), { timeout: 30_000 }).toBe('retrying');
  expect(await item.textContent()).toMatch(/^Webhook: retrying \(next try .+\): HTTP 503$/);
  await page.screenshot({ path: join(ARTIFACTS, 'notification-retrying.png'), fullPage: true });

  // The test button is on the home page; then back to the batch's page, which looks again while one is on its way.
  await page.goto(`${world.url}/?lang=en`);
  await page.locator('#notify-test').click();
  await expect
    .poll(() => page.locator('#notify-test-result').textContent(), { timeout: 30_000 })
    .toBe('Webhook: delivered');
  await page.goto(`${world.url}/batches/${batchId}?lang=en`);

  // The retry 5 s after the first attempt; the page looks again while one is on its way.
  await expect.poll(() => item.getAttribute('data-state'), { timeout: 60_000 }).toBe('delivered');
  expect(await item.textContent()).toBe('Webhook: delivered, 2 attempts');
  await page.screenshot({ path: join(ARTIFACTS, 'notification-delivered.png'), fullPage: true });
  expect(receiver.deliveries.map((d) => (JSON.parse(d.body) as { type: string }).type)).toEqual([
    'batch.finished',
    'notification.test',
    'batch.finished',
  ]);
});
