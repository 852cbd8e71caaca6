/**
 * A batch that could not run because of its file (batch.failed) says why in the notification's
 * language: Arabic for an Arabic store, through a real SMTP server and a webhook receiver, the
 * file named as it is; English for an English store, word for word the error's message. A
 * schedule whose sheet could not be fetched (schedule.failed) too.
 */
import { copyFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SheetFileError } from '../../src/sheet/types.ts';
import { fixture } from '../sheet-read/helpers.ts';
import { openMail } from './helpers.ts';
import { ARABIC_STORE, runUnfetchableJob, startNotifyWorld, type NotifyWorld } from './world.ts';

let world: NotifyWorld | null = null;
afterEach(async () => {
  await world?.close();
  world = null;
});

const AR_XLS = 'هذا ملف .xls بالصيغة القديمة (أو مصنّف محمي بكلمة مرور)؛ افتحه في Excel واحفظه بصيغة .xlsx أو CSV';
const EN_XLS =
  'this is a legacy .xls file (or a password-protected workbook); open it in Excel and save it as .xlsx or CSV';

async function failedRun(w: NotifyWorld, batchId: string): Promise<{ file: string; webhook: string; mail: string }> {
  const file = join(w.dir, 'منتجات.xls');
  await copyFile(fixture('legacy.xls'), file);
  await expect(w.app.runBatch({ file, batchId })).rejects.toBeInstanceOf(SheetFileError);
  const payload = JSON.parse((await w.receiver.nth(1)).body) as { type: string; data: { error: { message: string } } };
  expect(payload.type).toBe('batch.failed');
  return { file, webhook: payload.data.error.message, mail: openMail((await w.mail.nth(1)).raw).text };
}

describe('batch.failed for a file that cannot be read', () => {
  it('is in Arabic for an Arabic store: the webhook and the mail', async () => {
    world = await startNotifyWorld({ sandbox: ARABIC_STORE });
    const { file, webhook, mail } = await failedRun(world, 'b-xls-ar');
    expect(webhook).toBe(`${file}: ${AR_XLS}`);
    expect(mail).toContain(`تعذّر تشغيل الدفعة b-xls-ar، ولم يُرسَل شيء: ${file}: ${AR_XLS}`);
    expect(mail).not.toContain('legacy');
  });

  it('is in English for an English store, as the error says it', async () => {
    world = await startNotifyWorld();
    const { file, webhook, mail } = await failedRun(world, 'b-xls-en');
    expect(webhook).toBe(`${file}: ${EN_XLS}`);
    expect(mail).toContain(`Batch b-xls-en could not run, and nothing was sent: ${file}: ${EN_XLS}`);
  });
});

describe('schedule.failed for a sheet that could not be fetched', () => {
  it('is in Arabic for an Arabic store, the source without its query', async () => {
    world = await startNotifyWorld({
      noMail: true,
      sandbox: ARABIC_STORE,
    });
    await expect(runUnfetchableJob(world, 'SOURCE-TOKEN-56')).rejects.toThrow(
      /job "nightly" cannot download its sheet: .+; check the host and port/,
    );
    const delivery = await world.receiver.nth(1);
    const payload = JSON.parse(delivery.body) as { type: string; data: { error: { message: string } } };
    expect(payload.type).toBe('schedule.failed');
    expect(payload.data.error.message).toMatch(
      /^https:\/\/127\.0\.0\.1:1\/export\.csv: تعذّر على المهمة "nightly" تنزيل جدولها: .+؛ تحقّق من المضيف والمنفذ/,
    );
    expect(delivery.body).not.toContain('SOURCE-TOKEN-56');
  });
});
