/**
 * No secret of an https source (its bearer token, a token in its URL's query) appears anywhere a
 * scheduled sync leaves words: log lines, reports and summary.json, the job's state, Redis, the
 * webhook and the mail, whether the download worked or was refused. Real HTTPS server, sandbox
 * store, Redis (own prefix), an in-process worker, a webhook receiver and an SMTP server.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { runJob, type JobRunDeps } from '../../src/intake/schedules.ts';
import { useTempDir } from '../helpers/use-world.ts';
import { startNotifyWorld, type NotifyWorld } from '../notify/world.ts';
import { productCsv, writeJob } from './helpers.ts';
import { filesUnder, redisText } from './secret-search.ts';
import { selfSignedCertificate, startHttpsServer, type HttpsTestServer } from './https-server.ts';

const TOKEN = `tok-${randomUUID()}`;
const WRONG_TOKEN = `wrong-${randomUUID()}`;
const QUERY_SECRET = `sig-${randomUUID()}`;

// The secrets live outside the world's folder, which is searched; removed after the servers stop.
const secretsDir = useTempDir('https-secrets');
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

it('the token and the query secret appear in no log, report, state, Redis key, webhook or mail', async () => {
  const world: NotifyWorld = await startNotifyWorld({ redis: true });
  cleanups.push(() => world.close());
  const secrets = secretsDir.dir;
  const certificate = await selfSignedCertificate(secrets);
  const server: HttpsTestServer = await startHttpsServer(certificate, (request, response) => {
    if (request.headers.authorization !== `Bearer ${TOKEN}`) response.writeHead(401).end();
    else response.writeHead(200, { 'content-type': 'text/csv' }).end(productCsv(['sec-1', 'sec-2']));
  });
  cleanups.push(() => server.close());
  const worker = await world.app.startWorker();
  cleanups.push(() => worker.close());
  await worker.ready();
  const notifier = await world.app.notifier();
  await notifier.startDelivery();

  // The job files hold the query secret as their owner wrote it: they are not searched, their state is.
  const jobsDir = join(secrets, 'jobs');
  await mkdir(jobsDir);
  const jobOf = async (name: string, token: string) => {
    const headers = join(secrets, `${name}.headers`);
    await writeFile(headers, `Authorization: Bearer ${token}\n`, { mode: 0o600 });
    return writeJob(jobsDir, name, [
      `name: ${name}`,
      `source: "${server.url}/feeds/catalog.csv?sig=${QUERY_SECRET}"`,
      'schedule: "0 2 * * *"',
      `headers_file: ${headers}`,
      `ca_file: ${certificate.certFile}`,
    ]);
  };
  const deps: JobRunDeps = {
    runnerFor: (tuning) => world.app.runner(tuning, { transport: 'redis', waitForWorker: true }),
    logger: world.app.logger,
    notify: notifier,
  };

  const [summary] = await runJob(await jobOf('good', TOKEN), deps);
  expect(summary?.counts.created).toBe(2);
  expect(summary?.source).toBe(`job:good ${server.url}/feeds/catalog.csv`);
  await expect(runJob(await jobOf('refused', WRONG_TOKEN), deps)).rejects.toThrow(
    `${server.url}/feeds/catalog.csv: job "refused" cannot download its sheet`,
  );

  // Both said: the batch that ran and the run that could not fetch its sheet, by webhook and mail.
  const told = [await world.receiver.nth(1), await world.receiver.nth(2)].map((d) => d.body).join('\n');
  expect(told).toContain('schedule.failed');
  const mails = [await world.mail.nth(1), await world.mail.nth(2)].map((m) => m.raw.toString('utf8')).join('\n');
  expect(told).toContain(`${server.url}/feeds/catalog.csv`);

  const everywhere = [
    world.logs.join(''),
    await filesUnder(world.dir),
    await filesUnder(join(jobsDir, '.state')),
    await redisText(world.queuePrefix!),
    told,
    mails,
  ].join('\n');
  expect(everywhere).toContain('/feeds/catalog.csv');
  for (const secret of [TOKEN, WRONG_TOKEN, QUERY_SECRET]) {
    const at = everywhere.indexOf(secret);
    expect(at, everywhere.slice(Math.max(0, at - 300), at + 100)).toBe(-1);
  }
});
