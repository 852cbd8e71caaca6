/**
 * The notifications of the local mode, through the app every command uses: a batch run in this
 * process says it ended (once), one that cannot run says so, a schedule whose sheet cannot be
 * fetched says so; a real SMTP server receives the mail, with the batch's failed.csv attached
 * byte for byte, in Arabic for an Arabic store.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SheetFileError } from '../../src/sheet/types.ts';
import { StoreError } from '../../src/store/errors.ts';
import { writeBrokenSheet } from '../sync/helpers/broken-sheet.ts';
import { until } from '../helpers/until.ts';
import { openMail } from './helpers.ts';
import { ARABIC_STORE, SHEET, runUnfetchableJob, startNotifyWorld, type NotifyWorld } from './world.ts';

let world: NotifyWorld | null = null;
afterEach(async () => {
  await world?.close();
  world = null;
});

describe('a batch that ran in this process', () => {
  it('sends one signed webhook and one e-mail with failed.csv attached byte for byte, in Arabic for an Arabic store', async () => {
    world = await startNotifyWorld({ sandbox: ARABIC_STORE });
    const file = await world.sheet('products.csv', SHEET);
    const summary = await world.app.runBatch({ file, source: 'drop:products.csv' });
    expect(summary.counts).toMatchObject({ created: 2, invalid: 1 });

    const delivery = await world.receiver.nth(1);
    expect(delivery.verified).toBe(true);
    const payload = JSON.parse(delivery.body) as { type: string; data: Record<string, unknown> };
    expect(payload.type).toBe('batch.finished');
    expect(payload.data).toMatchObject({
      batchId: summary.batchId,
      store: { url: world.sandbox.url, name: 'عطور الرياض' },
      source: 'drop:products.csv',
      file: 'products.csv',
      status: 'needs_fix',
      total: 3,
      counts: { created: 2, invalid: 1 },
      startedAt: summary.startedAt,
      finishedAt: summary.finishedAt,
      problems: [{ row: 3, column: 'sale_price', message: expect.stringContaining('12,5O') as unknown }],
    });

    const mail = openMail((await world.mail.nth(1)).raw);
    expect(mail.subject).toBe('عطور الرياض: أُنشئ 2، 1 يحتاج إلى إصلاح (products.csv)');
    expect(mail.text).toContain('الصف 3، sale_price');
    expect(mail.text).toContain(`https://console.shop.example/batches/${summary.batchId}`);
    expect(mail.attachments.map((a) => a.filename)).toEqual(['failed.csv']);
    const failedCsv = await readFile(join(summary.reportDir, 'failed.csv'));
    expect(mail.attachments[0]!.content.equals(failedCsv)).toBe(true);
    expect(world.mail.mails[0]!.to).toEqual(['owner@shop.example', 'ops@shop.example']);

    // The receivers have answered; the outbox records it a moment later.
    const notifier = await world.app.notifier();
    await until(
      async () => (await notifier.ofBatch(summary.batchId)).every((s) => s.state === 'delivered'),
      'both delivered',
    );
    const states = await notifier.ofBatch(summary.batchId);
    expect(states.map((s) => [s.channel, s.state])).toEqual([
      ['email', 'delivered'],
      ['webhook', 'delivered'],
    ]);
    // One batch, one event: nothing else went out.
    await world.app.close();
    expect(world.receiver.deliveries).toHaveLength(1);
    expect(world.mail.mails).toHaveLength(1);
  });

  it("NOTIFY_LANG wins over the store's own language", async () => {
    world = await startNotifyWorld({ env: { NOTIFY_LANG: 'ar' } });
    const file = await world.sheet('products.csv', SHEET);
    await world.app.runBatch({ file });
    // NOTIFY_LANG=ar on the English-named sandbox store: Arabic, with the store's Arabic name.
    expect(openMail((await world.mail.nth(1)).raw).subject).toBe(
      'متجر التجربة: أُنشئ 2، 1 يحتاج إلى إصلاح (products.csv)',
    );
  });

  it('sends nothing for a dry run', async () => {
    world = await startNotifyWorld();
    const file = await world.sheet('products.csv', SHEET);
    await world.app.runBatch({ file, dryRun: true });
    await world.app.close();
    expect(world.receiver.deliveries).toHaveLength(0);
    expect(world.mail.mails).toHaveLength(0);
  });
});

describe('a batch that could not run', () => {
  it('a damaged file: batch.failed, and the error goes on to the caller', async () => {
    world = await startNotifyWorld({ noMail: true });
    const file = join(world.dir, 'products.csv');
    await writeBrokenSheet(file);
    await expect(world.app.runBatch({ file, batchId: 'b-damaged' })).rejects.toBeInstanceOf(SheetFileError);
    const payload = JSON.parse((await world.receiver.nth(1)).body) as { type: string; data: Record<string, unknown> };
    expect(payload).toMatchObject({
      type: 'batch.failed',
      data: {
        batchId: 'b-damaged',
        file: 'products.csv',
        status: 'failed',
        total: 0,
        error: { code: 'unreadable_csv' },
      },
    });
  });

  it('a refused login: batch.failed, without a second login for the notification', async () => {
    world = await startNotifyWorld({ noMail: true, env: { STORE_PASSWORD: 'Wrong-pa55-for-notify' } });
    const file = await world.sheet('products.csv', SHEET);
    await expect(world.app.runBatch({ file })).rejects.toBeInstanceOf(StoreError);
    const payload = JSON.parse((await world.receiver.nth(1)).body) as {
      type: string;
      data: { error: { code: string } };
    };
    expect(payload.type).toBe('batch.failed');
    expect(payload.data.error.code).toBe('INVALID_CREDENTIALS');
    expect(world.sandbox.requestCount('/v1/authorization')).toBe(1);
  });
});

describe('a schedule whose sheet cannot be fetched', () => {
  it('says so (schedule.failed), the source without its query', async () => {
    world = await startNotifyWorld({ noMail: true });
    await expect(runUnfetchableJob(world, 'SOURCE-TOKEN-55')).rejects.toThrow(/cannot download/);
    const delivery = await world.receiver.nth(1);
    expect(JSON.parse(delivery.body)).toMatchObject({
      type: 'schedule.failed',
      data: { job: 'nightly', source: 'https://127.0.0.1:1/export.csv', error: { code: 'download_failed' } },
    });
    expect(delivery.body).not.toContain('SOURCE-TOKEN-55');
  });
});
