/**
 * An sftp source with `password_file:` against a real OpenSSH server (test/intake/sshd.ts, a
 * password user of its own through nss_wrapper): the right password downloads and syncs; a wrong
 * one is a failed run whose message names the job, the source and the password file to check, in
 * the store's language in its notification (an Arabic store here), and holds no password.
 */
import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import type { JobDefinition } from '../../src/intake/job-file.ts';
import { runJob, type JobRunDeps } from '../../src/intake/schedules.ts';
import { useWorld } from '../helpers/use-world.ts';
import { startNotifyWorld } from '../notify/world.ts';
import { makeFolders, sheetRefused, writeDated, writeJob } from './helpers.ts';
import { startSshdIn } from './sshd.ts';

const PASSWORD = `pw-${randomUUID()}`;
const WRONG = `wrong-${randomUUID()}`;

const world = useWorld(async () => {
  const notifyWorld = await startNotifyWorld({
    noMail: true,
    sandbox: { storeName: { store_name: 'عطور الرياض', store_name_ar: 'عطور الرياض' } },
  });
  const sshd = await startSshdIn(notifyWorld, { password: PASSWORD });
  return { ...notifyWorld, sshd, ...(await makeFolders(notifyWorld.dir, ['feeds', 'jobs'])) };
});

async function job(name: string, password: string): Promise<JobDefinition> {
  const { sshd } = world;
  const passwordFile = join(world.dir, `${name}.password`);
  await writeFile(passwordFile, `${password}\n`, { mode: 0o600 });
  return writeJob(world.jobs, name, [
    `name: ${name}`,
    `source: "sftp://${sshd.passwordUser}@127.0.0.1:${sshd.port}${world.feeds}/prices.csv"`,
    'schedule: "0 2 * * *"',
    `password_file: ${passwordFile}`,
    `host_key: "${sshd.hostKeyPrint}"`,
  ]);
}

async function deps(): Promise<JobRunDeps> {
  return {
    runnerFor: (tuning) => world.app.runner(tuning),
    logger: world.app.logger,
    notify: await world.app.notifier(),
  };
}

it('the right password downloads and syncs; a wrong one fails naming the job, source and password file', async () => {
  await writeDated(join(world.feeds, 'prices.csv'), ['pw-1', 'pw-2'], 3);
  const [summary] = await runJob(await job('good', PASSWORD), await deps());
  expect(summary?.counts.created).toBe(2);
  expect(summary?.source).toBe(`job:good sftp://127.0.0.1:${world.sshd.port}${world.feeds}/prices.csv`);

  world.sandbox.resetStats();
  const refused = await sheetRefused(runJob(await job('refused', WRONG), await deps()), world.sandbox);
  const where = `sftp://127.0.0.1:${world.sshd.port}${world.feeds}/prices.csv`;
  const passwordFile = join(world.dir, 'refused.password');
  const message = refused.message;
  expect(message).toContain(`${where}: job "refused" cannot download its sheet`);
  expect(message).toContain(`check the user in source: and the key or password in ${passwordFile}`);

  // The store is Arabic: schedule.failed says it in Arabic, naming the same job, source and file.
  // Two deliveries: the good run's batch.finished and this one (in whichever order they came).
  const told = [await world.receiver.nth(1), await world.receiver.nth(2)].map(
    (d) => JSON.parse(d.body) as { type: string; data: { job: string; source: string; error: { message: string } } },
  );
  expect(told.map((t) => t.type).sort()).toEqual(['batch.finished', 'schedule.failed']);
  const payload = told.find((t) => t.type === 'schedule.failed')!;
  expect(payload.data.job).toBe('refused');
  expect(payload.data.source).toBe(where);
  expect(payload.data.error.message).toContain(`${where}: تعذّر على المهمة "refused" تنزيل جدولها`);
  expect(payload.data.error.message).toContain(
    `تحقّق من المستخدم في source: والمفتاح أو كلمة المرور في ${passwordFile}`,
  );
  for (const text of [message, JSON.stringify(payload), world.logs.join('')]) {
    expect(text).not.toContain(PASSWORD);
    expect(text).not.toContain(WRONG);
  }
});
