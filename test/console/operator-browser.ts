/**
 * A real Chromium (Debian's `chromium`, or CHROMIUM_PATH) for the operator's tests, logged in to a
 * console world, keeping a screenshot of each step under test-artifacts/operator/ (git-ignored):
 * open test-artifacts/operator/<lang>-<step>.png after a run.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Lang } from '../../src/messages/index.ts';
import { launchChromium, startedBefore } from '../helpers/chromium.ts';
import { startConsoleWorld, TOKEN, type ConsoleWorld, type ConsoleWorldOptions } from './helpers.ts';

export const SCREENSHOTS = join(process.cwd(), 'test-artifacts', 'operator');

export interface Browser {
  page: Page;
  shot(name: string): Promise<void>;
  close(): Promise<void>;
}

export async function openBrowser(world: ConsoleWorld): Promise<Browser> {
  await mkdir(SCREENSHOTS, { recursive: true });
  const chromium = await launchChromium();
  const { page } = chromium;
  await page.goto(`${world.url}/login?token=${TOKEN}`);
  await page.waitForURL(`${world.url}/`);
  return {
    page,
    shot: async (name) => {
      await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
    },
    close: () => chromium.close(),
  };
}

export interface OperatorSetup {
  /** The console world's options. */
  world?: ConsoleWorldOptions;
  /** Runs once the world is up, before the browser opens (e.g. products seeded in the store). */
  seed?: (world: ConsoleWorld) => void;
  /** The page opened in this language once logged in; else as the login left it. */
  lang?: Lang;
}

/**
 * A console world and a browser logged in to it, for the tests of a file or a describe block:
 * started before them, closed after. Read `world` and `browser` inside a test.
 */
export function useOperatorBrowser(setup: OperatorSetup = {}): {
  readonly world: ConsoleWorld;
  readonly browser: Browser;
} {
  let world: ConsoleWorld | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    world = await startConsoleWorld(setup.world);
    setup.seed?.(world);
    browser = await openBrowser(world);
    if (setup.lang) await browser.page.goto(`${world.url}/?lang=${setup.lang}`);
  });
  afterAll(async () => {
    await browser?.close();
    await world?.close();
  });
  return {
    get world() {
      return startedBefore(world, 'the operator world');
    },
    get browser() {
      return startedBefore(browser, "the operator's browser");
    },
  };
}

/** A CSV of `text` chosen in the upload step as `name`; waits until its preview is shown under that name. */
export async function chooseSheet(page: Page, name: string, text: string): Promise<void> {
  await page.locator('#file').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });
  // The name and the preview are shown together, and a name of a sheet chosen earlier does not match.
  await page.locator('#preview-name', { hasText: name }).waitFor();
}

/** To the home page (where uploads start) from a batch's page; stays on the home page. */
export async function goHome(page: Page): Promise<void> {
  const home = page.locator('#home-link');
  if ((await home.count()) > 0) await home.click();
  await page.locator('#file').waitFor({ state: 'attached' });
}

/** A batch other than `before` is shown (on its own page), and has ended: its status is `done` or `failed`. */
export async function batchEnded(page: Page, before: string | null): Promise<string | null> {
  await expect.poll(() => page.locator('#batch-id').textContent()).not.toBe(before);
  return shownBatchEnded(page);
}

/** The batch shown has ended: its status is `done` or `failed`. */
export async function shownBatchEnded(page: Page): Promise<string | null> {
  const status = page.locator('#batch-status');
  await expect.poll(() => status.getAttribute('data-status'), { timeout: 90_000 }).toMatch(/^(done|failed)$/);
  return status.getAttribute('data-status');
}

/** The cells of a table body's rows, row by row. */
export async function tableRows(page: Page, selector: string): Promise<string[][]> {
  const rows: string[][] = [];
  for (const tr of await page.locator(`${selector} tr`).all()) rows.push(await tr.locator('td').allTextContents());
  return rows;
}

/**
 * The guard holds what was sent (no write reaches the store meanwhile, the caller counts): its
 * rows (field, before, after) name `field` by the sheet's `header`, the field itself only in the
 * title kept for engineers.
 */
export async function expectHeldByHeader(page: Page, rows: string[][], header: string, field: string): Promise<void> {
  await page.locator('#guard').waitFor({ state: 'visible' });
  const held = await tableRows(page, '#guard-rows');
  expect(held.map((r) => r.slice(1, 4))).toEqual(rows);
  expect(await page.locator(`#guard-rows bdi[title="${field}"]`).textContent()).toBe(header);
  expect(await page.locator('#guard').textContent()).not.toContain(field);
}

/**
 * What an operator's screens never say outside a "for engineers" part: commands to type, the
 * settings' names, store error codes with their attempts, a placeholder for a batch id.
 */
export const ENGINEER_WORDS: readonly (string | RegExp)[] = [
  /catalog-sync (rerun|reconcile|serve|worker|import|validate|ledger|watch|template)\b/,
  'CONSOLE_',
  'SMTP_',
  'NOTIFY_',
  'REDIS_',
  /\b(RATE|CONCURRENCY|STORE_[A-Z]+)\b/,
  '<batch>',
  '[AMBIGUOUS',
  '[SERVER_ERROR',
  /\d attempts?\]/,
];

/** The text the page shows now: visible text outside the closed "for engineers" parts. */
export async function operatorText(page: Page): Promise<string> {
  // A string: the tests' types have no DOM.
  return page.evaluate<string>(`(() => {
    const shown = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('details.engineers, script, style') || !parent.checkVisibility()) continue;
      shown.push(node.textContent);
    }
    return shown.join(' ');
  })()`);
}

/** The page shows none of ENGINEER_WORDS outside its "for engineers" parts; returns what it shows. */
export async function expectOperatorWords(page: Page): Promise<string> {
  const text = await operatorText(page);
  for (const word of ENGINEER_WORDS) {
    if (typeof word === 'string') expect(text).not.toContain(word);
    else expect(text).not.toMatch(word);
  }
  return text;
}
