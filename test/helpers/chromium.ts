/**
 * A real Chromium (Debian's `chromium`, or CHROMIUM_PATH), headless, for the console's browser
 * tests: on a fresh profile each time (no cookie, cache or setting of an earlier run), removed on
 * close.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium as playwright, type BrowserContext, type Page } from 'playwright-core';

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
  // miss it once at load (a preview that shows in 2.5 s alone); the test's own limit is 120 s.
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
