/**
 * A notification's problems in its own language, whatever the batch's: an English batch told to
 * an Arabic store, and an Arabic batch told to an English one, through a real SMTP server and a
 * webhook receiver; a report without messages.jsonl (an earlier version's) keeps its own text.
 */
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { firstProblems } from '../../src/notify/problems.ts';
import { openMail } from './helpers.ts';
import { ARABIC_STORE, SHEET, startNotifyWorld, type NotifyWorld } from './world.ts';

let world: NotifyWorld | null = null;
afterEach(async () => {
  await world?.close();
  world = null;
});

const ARABIC = /[\u0600-\u06FF]/;

/** Row 3's price as the sheet typed it (SHEET): "12,5O". */
const EN_PROBLEM = 'sale_price: "12,5O" is not a number (expected e.g. 12.50)';
const AR_PROBLEM = 'sale_price: "12,5O" ليس رقمًا (المتوقع مثلًا 12.50)';
/** The e-mail's line for it: the column named once, before the message. */
const EN_LINE = '- row 3, sale_price: "12,5O" is not a number (expected e.g. 12.50)';
const AR_LINE = '- الصف 3، sale_price: "12,5O" ليس رقمًا (المتوقع مثلًا 12.50)';

interface Told {
  webhook: { row: number; column: string | null; message: string }[];
  mail: string;
}

async function told(w: NotifyWorld): Promise<Told> {
  const payload = JSON.parse((await w.receiver.nth(1)).body) as { data: { problems: Told['webhook'] } };
  return { webhook: payload.data.problems, mail: openMail((await w.mail.nth(1)).raw).text };
}

describe("a notification's problems", () => {
  it('are in Arabic for an Arabic store when the batch ran in English', async () => {
    world = await startNotifyWorld({ sandbox: ARABIC_STORE });
    const summary = await world.app.runBatch({ file: await world.sheet('products.csv', SHEET) });
    expect(summary.counts).toMatchObject({ created: 2, invalid: 1 });
    const { webhook, mail } = await told(world);
    expect(webhook).toEqual([{ row: 3, column: 'sale_price', message: AR_PROBLEM }]);
    expect(mail.split(/\r?\n/)).toContain(AR_LINE);
    expect(mail).not.toContain('is not a number');
  });

  it('are in English for an English store when the batch ran in Arabic', async () => {
    world = await startNotifyWorld();
    const summary = await world.app.runBatch({ file: await world.sheet('products.csv', SHEET), lang: 'ar' });
    expect(summary.lang).toBe('ar');
    const { webhook, mail } = await told(world);
    expect(webhook).toEqual([{ row: 3, column: 'sale_price', message: EN_PROBLEM }]);
    expect(mail.split(/\r?\n/)).toContain(EN_LINE);
    expect(mail).not.toMatch(ARABIC);
  });

  it("are in the store's language when a worker on Redis ran the batch", async () => {
    world = await startNotifyWorld({
      redis: true,
      sandbox: ARABIC_STORE,
    });
    const worker = await world.app.startWorker();
    try {
      await worker.ready();
      await (await world.app.notifier()).startDelivery();
      await world.app.runBatch(
        { file: await world.sheet('products.csv', SHEET) },
        { transport: 'redis', waitForWorker: true },
      );
      const { webhook, mail } = await told(world);
      expect(webhook).toEqual([{ row: 3, column: 'sale_price', message: AR_PROBLEM }]);
      expect(mail.split(/\r?\n/)).toContain(AR_LINE);
    } finally {
      await worker.close();
    }
  });

  it('NOTIFY_LANG=ar says them in Arabic for an English batch', async () => {
    world = await startNotifyWorld({ env: { NOTIFY_LANG: 'ar' } });
    await world.app.runBatch({ file: await world.sheet('products.csv', SHEET) });
    expect((await told(world)).webhook).toEqual([{ row: 3, column: 'sale_price', message: AR_PROBLEM }]);
  });

  it("keep the report's own text when the report has no messages.jsonl (an earlier version's)", async () => {
    world = await startNotifyWorld({ noMail: true });
    const summary = await world.app.runBatch({ file: await world.sheet('products.csv', SHEET), lang: 'ar' });
    await rm(join(summary.reportDir, 'messages.jsonl'));
    expect(await firstProblems(summary.reportDir, 'en')).toEqual([
      { row: 3, column: 'sale_price', message: AR_PROBLEM },
    ]);
  });
});
