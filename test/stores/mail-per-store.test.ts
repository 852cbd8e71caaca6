/**
 * One mail server for the agency (SMTP_URL, NOTIFY_EMAIL_FROM) and recipients only per store
 * (notify_email_to in the stores file, no NOTIFY_EMAIL_TO): every command refused it. Now a store
 * with its own recipient gets its mail, a store without one gets none, and a mail server that
 * would write to no one is refused with a message that names the stores file's way. The real CLI.
 */
import { beforeEach, expect, it } from 'vitest';
import { openMail, startMailServer, type MailServer } from '../notify/helpers.ts';
import { useCliWorld } from '../sync/helpers/cli-world.ts';
import { agencyEnv, writeStoresFile } from './agency.ts';

const t = useCliWorld({}, { otherStore: true });
let mail: MailServer;
beforeEach(async () => {
  const started = (mail = await startMailServer());
  t.world.onClose(() => started.close());
});

const SHEET = ['title,category,sale_price,barcode', 'Oud,1,5,MAIL-1'];

it('a store with notify_email_to gets its mail through the agency SMTP_URL; a store without one gets none', async () => {
  const file = await writeStoresFile(t.world.dir, [
    { id: 'north', sandbox: t.world.sandbox, lines: ['notify_email_to: owner@north.example'] },
    { id: 'south', sandbox: t.other },
  ]);
  const env = agencyEnv(file, t.world.sandbox.password, {
    REDIS_URL: undefined,
    SMTP_URL: mail.url,
    NOTIFY_EMAIL_FROM: 'Agency <sync@agency.example>',
  });
  const sheet = await t.world.sheet('p.csv', SHEET);

  const south = t.cli(['import', sheet, '--store', 'south', '--json'], env);
  expect(await south.exit(), south.all()).toBe(0);
  const north = t.cli(['import', sheet, '--store', 'north', '--json'], env);
  expect(await north.exit(), north.all()).toBe(0);

  const first = await mail.nth(1);
  expect(first.to).toEqual(['owner@north.example']);
  expect(openMail(first.raw).subject).toContain('1 created');
  expect(mail.mails).toHaveLength(1);
  expect(t.other.products()).toHaveLength(1);
});

it('a mail server with no recipient anywhere is refused, naming NOTIFY_EMAIL_TO and the stores file', async () => {
  const mailOnly = { REDIS_URL: undefined, SMTP_URL: mail.url, NOTIFY_EMAIL_FROM: 'sync@agency.example' };
  const sheet = await t.world.sheet('p.csv', SHEET);
  const alone = t.cli(['import', sheet], mailOnly);
  expect(await alone.exit()).toBe(2);
  expect(alone.err()).toContain('NOTIFY_EMAIL_TO: is not set');
  expect(alone.err()).toContain('notify_email_to');

  const file = await writeStoresFile(t.world.dir, [{ id: 'north', sandbox: t.world.sandbox }]);
  const listed = t.cli(['import', sheet, '--store', 'north'], agencyEnv(file, t.world.sandbox.password, mailOnly));
  expect(await listed.exit()).toBe(2);
  expect(listed.err()).toContain(`no store of ${file} has notify_email_to`);
  expect(t.world.sandbox.requestCount('/v1/create_product')).toBe(0);
});
