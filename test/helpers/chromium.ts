/**
 * A real Chromium (Debian's `chromium`, or CHROMIUM_PATH), headless, for the console's browser
 * tests: on a fresh profile each time (no cookie, cache or setting of an earlier run), removed on
 * close.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium as playwright, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
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

export interface Chromium {
  context: BrowserContext;
  /** The window it opened with. */
  page: Page;
  close(): Promise<void>;
}

export async function launchChromium(options: { acceptDownloads?: boolean } = {}): Promise<Chromium> {
  const profile = await mkdtemp(join(tmpdir(), 'chromium-'));
  const removeProfile = () => rm(profile, { recursive: true, force: true });
  let context: BrowserContext;
  try {
    context = await playwright.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      args: FLAGS,
      viewport: { width: 1280, height: 900 },
      ...options,
    });
  } catch (error) {
    await removeProfile();
    throw error;
  }
  // Playwright's 30 s wait for an element is a safety net, not a timing: CI saw a starved browser
  // miss it once at load (a preview that shows in 2.5 s alone); the test's own limit is 240 s.
  context.setDefaultTimeout(90_000);
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    async close() {
      await context.close();
      await removeProfile();
    },
  };
}

export interface ChromiumWorld<W> {
  readonly world: W;
  readonly page: Page;
  /** Keeps the page as test-artifacts/<folder>/<name>.png, to look at after a run. */
  readonly shot: (name: string) => Promise<void>;
}

/**
 * A world (whatever `start` brings up) and a Chromium beside it for the tests of a file: started
 * before them, closed after (the browser first, so it asks nothing of a world that is gone).
 * Read `world` and `page` inside a test.
 */
export function useChromium<W extends { close(): Promise<void> }>(
  start: () => Promise<W>,
  options: { acceptDownloads?: boolean; folder?: string } = {},
): ChromiumWorld<W> {
  const { folder = 'console', ...launch } = options;
  const artifacts = join(process.cwd(), 'test-artifacts', folder);
  let world: W | undefined;
  let chromium: Chromium | undefined;
  beforeAll(async () => {
    await mkdir(artifacts, { recursive: true });
    world = await start();
    chromium = await launchChromium(launch);
  });
  afterAll(async () => {
    await chromium?.close();
    await world?.close();
  });
  const page = () => startedBefore(chromium, 'the browser').page;
  return {
    get world() {
      return startedBefore(world, 'the world');
    },
    get page() {
      return page();
    },
    shot: async (name) => {
      await page().screenshot({ path: join(artifacts, `${name}.png`), fullPage: true });
    },
  };
}

/** What a beforeAll set, read inside a test: a clear error if something reads it earlier. */
export function startedBefore<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`${what} starts before the tests`);
  return value;
}
