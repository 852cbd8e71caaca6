/**
 * One bad job file (a source over http://, a cron of `61 25 * * *`) takes that job down, not its
 * store: the worker skips it, says so in its log and a notification (schedule.failed, code
 * job_file_invalid), registers the store's other jobs and serves its rows; `schedule list` shows
 * it as skipped (exit 1), every store's jobs without --store. Before, the store of a stores file
 * did not start (its imports exited 2 "no worker serves"), and without a stores file the worker
 * exited at start. The real CLI on Redis.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeEach, expect, it } from 'vitest';
import { openMail, startMailServer, type MailServer } from '../notify/helpers.ts';
import { until } from '../helpers/until.ts';
import { useCliWorld } from '../sync/helpers/cli-world.ts';
import { agencyEnv, writeStoresFile } from './agency.ts';

const t = useCliWorld({}, { otherStore: true });
let mail: MailServer;
beforeEach(async () => {
  const started = (mail = await startMailServer());
  t.world.onClose(() => started.close());
});

/** A jobs folder with one good job and the two bad files of the issue. */
async function jobsFolder(dir: string): Promise<string> {
  await mkdir(dir, { recursive: true });
  const sheet = await t.world.sheet('nightly.csv', ['title,category,sale_price,barcode', 'Oud,1,5,JOB-1']);
  await writeFile(join(dir, 'good.yaml'), `name: good\nsource: ${sheet}\nschedule: "0 3 * * *"\n`);
  await writeFile(join(dir, 'http.yaml'), 'name: http\nsource: http://feeds.example/p.csv\nschedule: "0 2 * * *"\n');
  await writeFile(join(dir, 'cron.yaml'), `name: cron\nsource: ${sheet}\nschedule: "61 25 * * *"\n`);
  return dir;
}

it('with a stores file: the bad job files are skipped and told, the store is served, schedule list shows them', async () => {
  const jobs = await jobsFolder(join(t.world.dir, 'jobs-north'));
  const file = await writeStoresFile(t.world.dir, [
    { id: 'north', sandbox: t.world.sandbox, lines: [`jobs_dir: ${jobs}`, 'notify_email_to: owner@north.example'] },
    { id: 'south', sandbox: t.other },
  ]);
  const env = agencyEnv(file, t.world.sandbox.password, {
    SMTP_URL: mail.url,
    NOTIFY_EMAIL_FROM: 'sync@agency.example',
  });

  const worker = t.cli(['worker', '--grace', '5'], { ...env, LOG_LEVEL: 'error' });
  for (const id of ['north', 'south'])
    await until(() => worker.all().includes(`worker started for store ${id}`), `the worker of ${id}`);
  expect(worker.all()).toContain('job file skipped');
  expect(worker.all()).toContain('http.yaml: source: a URL must use https://');

  // Both files told once each, by mail, naming the file.
  const told = [openMail((await mail.nth(1)).raw), openMail((await mail.nth(2)).raw)];
  expect(told.map((m) => m.subject).sort()).toEqual([
    expect.stringContaining('job file cron does not check and is skipped') as unknown,
    expect.stringContaining('job file http does not check and is skipped') as unknown,
  ]);

  const sheet = await t.world.sheet('p.csv', ['title,category,sale_price,barcode', 'Musk,1,7,IMP-1']);
  const imported = t.cli(['import', sheet, '--store', 'north', '--queue', 'redis', '--json'], env);
  expect(await imported.exit(), imported.all()).toBe(0);
  expect(t.world.sandbox.products().map((p) => p.fields.barcode)).toEqual(['IMP-1']);

  const list = t.cli(['schedule', 'list', '--store', 'north'], env);
  expect(await list.exit()).toBe(1);
  expect(list.out()).toMatch(/good\s+0 3 \* \* \*/);
  expect(list.out()).toContain('yes');
  expect(list.out()).toContain('cron.yaml: schedule: must be a cron expression');

  const all = t.cli(['schedule', 'list', '--json'], env);
  expect(await all.exit()).toBe(1);
  const listed = JSON.parse(all.out()) as {
    stores: { store: string; jobs: { name: string; registered: boolean }[]; skipped: { file: string }[] }[];
  };
  expect(listed.stores.map((s) => s.store)).toEqual(['north', 'south']);
  expect(listed.stores[0]!.jobs).toEqual([expect.objectContaining({ name: 'good', registered: true })]);
  expect(listed.stores[0]!.skipped.map((s) => s.file).sort()).toEqual([
    join(jobs, 'cron.yaml'),
    join(jobs, 'http.yaml'),
  ]);
  expect(listed.stores[1]).toMatchObject({ store: 'south', jobs: [], skipped: [] });
});

it('without a stores file the worker starts, skipping the bad job files', async () => {
  const jobs = await jobsFolder(join(t.world.dir, 'jobs'));
  const worker = await t.startWorker({ JOBS_DIR: jobs, LOG_LEVEL: 'error' });
  await until(() => worker.all().includes('job file skipped'), 'the skipped job files in the log');
  expect(worker.child.exitCode).toBeNull();
});
