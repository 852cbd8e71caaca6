/**
 * The e-mail of a batch with rows to fix, through a real SMTP server, English and Arabic: with
 * CONSOLE_URL set it sends the operator to the batch's page, and that link, opened in a real
 * Chromium, shows the batch with its failed row in the fix grid. It names no command to run.
 * Screenshot: test-artifacts/operator/<lang>-mail-link.png.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Lang } from '../../src/messages/index.ts';
import { launchChromium, type Chromium } from '../helpers/chromium.ts';
import { readEvents, sheetForm, startConsoleWorld, TOKEN, type ConsoleWorld } from '../console/helpers.ts';
import { expectOperatorWords, SCREENSHOTS } from '../console/operator-browser.ts';
import { openMail, startMailServer, type MailServer } from './helpers.ts';

const CONSOLE_URL = 'http://console.shop.example';

/** What an e-mail to an operator never says: a command to type, a placeholder. */
const COMMANDS = [/catalog-sync (rerun|reconcile|import|validate)\b/, /\brerun failed\.csv/, /<batch>/];

const SAYS: Record<Lang, string> = {
  en: "Fix them on the batch's page in the console, where they open in a grid: ",
  ar: 'أصلحها في صفحة الدفعة في لوحة التحكم، حيث تُفتح في جدول: ',
};

for (const lang of ['en', 'ar'] as const) {
  describe(`the e-mail of a batch with failed rows (${lang})`, () => {
    let mail: MailServer;
    let world: ConsoleWorld;
    let chromium: Chromium;

    beforeAll(async () => {
      mail = await startMailServer();
      world = await startConsoleWorld({
        publicUrl: CONSOLE_URL,
        env: {
          SMTP_URL: mail.url,
          NOTIFY_EMAIL_TO: 'owner@shop.example',
          NOTIFY_EMAIL_FROM: 'Catalog <catalog@shop.example>',
          NOTIFY_LANG: lang,
        },
      });
      chromium = await launchChromium();
    });

    afterAll(async () => {
      await chromium?.close();
      await world?.close();
      await mail?.close();
    });

    it("links the batch's page, where the failed row opens in the fix grid; no command", async () => {
      // Row 3 updates a product the store does not have: it refuses it (failed).
      const missing = world.sandbox.seedProduct({ title: 'Seed', sale_price: 1, category: 1 }).product_id + 50;
      const sheet = ['title,sale_price,category,barcode,product_id', 'Lamp,12.5,1,M-1,', `,15,,,${missing}`];
      const res = await world.api('/api/batches', { method: 'POST', body: sheetForm('fix.csv', sheet.join('\n')) });
      const { batchId } = (await res.json()) as { batchId: string };
      await readEvents(world, batchId);

      const { text } = openMail((await mail.nth(1)).raw);
      const link = `${CONSOLE_URL}/batches/${batchId}`;
      expect(text).toContain(`${SAYS[lang]}${link}`);
      for (const command of COMMANDS) expect(text).not.toMatch(command);

      // The link's page, on this console's own address (CONSOLE_URL names a proxy's, where a
      // login would go), logged in with the session a login gives.
      const login = await fetch(`${world.url}/login?token=${TOKEN}`, { redirect: 'manual' });
      const [name, value] = (login.headers.get('set-cookie') ?? '').split(';')[0]!.split('=') as [string, string];
      await chromium.context.addCookies([
        { name, value, url: world.url },
        { name: 'catalog_sync_lang', value: lang, url: world.url },
      ]);
      const { page } = chromium;
      await page.goto(link.replace(CONSOLE_URL, world.url));
      // The batch's own page, at the address the e-mail names.
      expect(new URL(page.url()).pathname).toBe(`/batches/${batchId}`);
      await page.locator('#fix-rows tr[data-row="3"]').waitFor();
      expect(await page.locator('#batch-id').textContent()).toBe(batchId);
      await expectOperatorWords(page);
      await page.screenshot({ path: join(SCREENSHOTS, `${lang}-mail-link.png`), fullPage: true });
    });
  });
}
