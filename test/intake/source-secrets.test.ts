/**
 * No secret of any source scheme appears anywhere a scheduled sync leaves words, whether its
 * download worked or was refused: an sftp private key's content and an sftp password (real
 * OpenSSH server), an s3 secret from a credentials file and from the environment (s3rver), an
 * https header's token (a real HTTPS server). The jobs are run from the console's schedule panel
 * with Redis and a worker; then the log lines, every file of the world (reports, summary.json, the
 * ledger), every key and value under the test's Redis prefix (the jobs' state among them), the console's
 * answers (schedules, batches, their events, the page) and the webhook's and mail's deliveries are
 * searched for each secret.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterEach, expect, it } from 'vitest';
import { startConsoleWorld, type ConsoleWorld } from '../console/helpers.ts';
import { until } from '../helpers/until.ts';
import { useTempDir } from '../helpers/use-world.ts';
import { newSecret, startMailServer, startReceiver } from '../notify/helpers.ts';
import { productCsv } from './helpers.ts';
import { selfSignedCertificate, startHttpsServer } from './https-server.ts';
import { filesUnder, redisText } from './secret-search.ts';
import { startSshdIn, type Sshd } from './sshd.ts';

const PASSWORD = `pw-${randomUUID()}`;
const WRONG_PASSWORD = `wrong-pw-${randomUUID()}`;
// s3rver knows one key id and checks no Signature V4: any secret goes with S3RVER, none with another id.
const S3_SECRET = `s3-${randomUUID()}`;
const S3_ENV_SECRET = `s3-env-${randomUUID()}`;
const WRONG_S3_SECRET = `s3-wrong-${randomUUID()}`;
const TOKEN = `tok-${randomUUID()}`;
const WRONG_TOKEN = `wrong-tok-${randomUUID()}`;

// The secrets live outside the world's folder, which is searched; removed after the servers stop.
const secretsDir = useTempDir('source-secrets');
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The base64 lines of an OpenSSH private key: what must never be repeated. */
async function keyBody(file: string): Promise<string[]> {
  const lines = (await readFile(file, 'utf8')).split('\n').filter((l) => l !== '' && !l.startsWith('-----'));
  expect(lines.length).toBeGreaterThan(0);
  return lines;
}

interface Servers {
  sshd: Sshd;
  feeds: string;
  s3Endpoint: string;
  httpsUrl: string;
  caFile: string;
}

async function startServers(secrets: string): Promise<Servers> {
  const sshd = await startSshdIn({ dir: secrets, onClose: (stop) => cleanups.push(stop) }, { password: PASSWORD });
  const feeds = join(secrets, 'feeds');
  await mkdir(feeds);
  await writeFile(join(feeds, 'prices.csv'), productCsv(['sftp-1', 'sftp-2']));

  const s3 = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: join(secrets, 's3'),
    configureBuckets: [{ name: 'feeds', configs: [] }],
  });
  const { port } = await s3.run();
  cleanups.push(() => s3.close());
  const s3Endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    endpoint: s3Endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  await client.send(new PutObjectCommand({ Bucket: 'feeds', Key: 'catalog.csv', Body: productCsv(['s3-1']) }));
  client.destroy();

  const certificate = await selfSignedCertificate(secrets);
  const https = await startHttpsServer(certificate, (request, response) => {
    if (request.headers.authorization !== `Bearer ${TOKEN}`) response.writeHead(401).end();
    else response.writeHead(200, { 'content-type': 'text/csv' }).end(productCsv(['https-1']));
  });
  cleanups.push(() => https.close());
  return { sshd, feeds, s3Endpoint, httpsUrl: https.url, caFile: certificate.certFile };
}

/** Each job file by name, and whether its download is to work. */
async function writeJobs(world: ConsoleWorld, secrets: string, s: Servers): Promise<Record<string, boolean>> {
  const secret = async (name: string, text: string) => {
    const file = join(secrets, name);
    await writeFile(file, text, { mode: 0o600 });
    return file;
  };
  const sftp = (user: string) => `"sftp://${user}@127.0.0.1:${s.sshd.port}${s.feeds}/prices.csv"`;
  const pin = `host_key: "${s.sshd.hostKeyPrint}"`;
  const s3 = ['source: s3://feeds/catalog.csv', `endpoint: ${s.s3Endpoint}`];
  const jobs: Record<string, [boolean, string[]]> = {
    'sftp-key': [true, [`source: ${sftp(s.sshd.user)}`, `private_key_file: ${s.sshd.clientKey}`, pin]],
    'sftp-stranger': [false, [`source: ${sftp(s.sshd.user)}`, `private_key_file: ${s.sshd.strangerKey}`, pin]],
    'sftp-password': [
      true,
      [`source: ${sftp(s.sshd.passwordUser)}`, `password_file: ${await secret('good.pw', PASSWORD)}`, pin],
    ],
    'sftp-wrong-password': [
      false,
      [`source: ${sftp(s.sshd.passwordUser)}`, `password_file: ${await secret('wrong.pw', WRONG_PASSWORD)}`, pin],
    ],
    's3-file': [
      true,
      [
        ...s3,
        `credentials_file: ${await secret('s3.credentials', `[default]\naws_access_key_id = S3RVER\naws_secret_access_key = ${S3_SECRET}\n`)}`,
      ],
    ],
    's3-env': [true, s3],
    's3-refused': [
      false,
      [
        ...s3,
        `credentials_file: ${await secret('s3-wrong.credentials', `aws_access_key_id = NOT-S3RVER\naws_secret_access_key = ${WRONG_S3_SECRET}\n`)}`,
      ],
    ],
    'https-token': [
      true,
      [
        `source: ${s.httpsUrl}/feed.csv`,
        `headers_file: ${await secret('good.headers', `Authorization: Bearer ${TOKEN}\n`)}`,
        `ca_file: ${s.caFile}`,
      ],
    ],
    'https-refused': [
      false,
      [
        `source: ${s.httpsUrl}/feed.csv`,
        `headers_file: ${await secret('wrong.headers', `Authorization: Bearer ${WRONG_TOKEN}\n`)}`,
        `ca_file: ${s.caFile}`,
      ],
    ],
  };
  for (const [name, [, lines]] of Object.entries(jobs)) {
    const text = [`name: ${name}`, 'schedule: "0 2 * * *"', ...lines].join('\n');
    await writeFile(join(world.jobsDir, `${name}.yaml`), `${text}\n`);
  }
  return Object.fromEntries(Object.entries(jobs).map(([name, [works]]) => [name, works]));
}

/** The job run from the console's panel; its batch's events and the batch's final status. */
async function runFromPanel(world: ConsoleWorld, name: string): Promise<{ status: unknown; said: string }> {
  const res = await world.api(`/api/schedules/${name}/run`, { method: 'POST' });
  expect(res.status, name).toBe(202);
  const { batchId } = (await res.json()) as { batchId: string };
  const events = await world.api(`/api/batches/${batchId}/events`);
  const said = await events.text();
  const last = [...said.matchAll(/^data: (.*)$/gm)].map((m) => JSON.parse(m[1]!) as { status?: unknown }).at(-1);
  const batch = await (await world.api(`/api/batches/${batchId}`)).text();
  return { status: last?.status, said: `${said}\n${batch}` };
}

it('no sftp key or password, s3 secret or https token appears in logs, files, state, Redis, console or notifications', async () => {
  const secrets = secretsDir.dir;
  const receiver = await startReceiver(newSecret());
  cleanups.push(() => receiver.close());
  const mail = await startMailServer();
  cleanups.push(() => mail.close());
  const world = await startConsoleWorld({
    redis: true,
    worker: true,
    env: {
      NOTIFY_WEBHOOK_URL: receiver.url,
      NOTIFY_WEBHOOK_SECRET: newSecret(),
      SMTP_URL: mail.url,
      NOTIFY_EMAIL_TO: 'owner@shop.example',
      NOTIFY_EMAIL_FROM: 'Catalog <catalog@shop.example>',
    },
  });
  cleanups.push(() => world.close());
  const servers = await startServers(secrets);
  const jobs = await writeJobs(world, secrets, servers);

  const answers: string[] = [];
  const before = { id: process.env.AWS_ACCESS_KEY_ID, secret: process.env.AWS_SECRET_ACCESS_KEY };
  process.env.AWS_ACCESS_KEY_ID = 'S3RVER';
  process.env.AWS_SECRET_ACCESS_KEY = S3_ENV_SECRET;
  try {
    for (const [name, works] of Object.entries(jobs)) {
      const { status, said } = await runFromPanel(world, name);
      expect(status, `${name}: ${said}`).toBe(works ? 'done' : 'failed');
      answers.push(said);
    }
  } finally {
    if (before.id === undefined) delete process.env.AWS_ACCESS_KEY_ID;
    else process.env.AWS_ACCESS_KEY_ID = before.id;
    if (before.secret === undefined) delete process.env.AWS_SECRET_ACCESS_KEY;
    else process.env.AWS_SECRET_ACCESS_KEY = before.secret;
  }
  const failed = Object.values(jobs).filter((works) => !works).length;
  const told = () => receiver.deliveries.filter((d) => d.body.includes('schedule.failed')).length;
  await until(() => told() >= failed, `${failed} schedule.failed deliveries`);
  await until(() => mail.mails.length >= failed, `${failed} mails`);
  for (const path of ['/api/schedules', '/api/batches', '/']) answers.push(await (await world.api(path)).text());

  // With Redis the jobs' state (last download, files taken) is kept there, under the test's prefix.
  const jobStates = await redisText(world.queuePrefix!);
  expect(jobStates).toContain('lastDownload');
  const everywhere = [
    world.logs.join(''),
    await filesUnder(world.dir),
    jobStates,
    ...answers,
    ...receiver.deliveries.map((d) => d.body),
    ...mail.mails.map((m) => m.raw.toString('utf8')),
  ].join('\n');
  // What was searched holds the runs' words: the sources as shown, the failures' reasons.
  expect(everywhere).toContain(`sftp://127.0.0.1:${servers.sshd.port}${servers.feeds}/prices.csv`);
  expect(everywhere).toContain('s3://feeds/catalog.csv');
  expect(everywhere).toContain(`${servers.httpsUrl}/feed.csv`);
  expect(everywhere).toContain('cannot download its sheet');
  const keys = [...(await keyBody(servers.sshd.clientKey)), ...(await keyBody(servers.sshd.strangerKey))];
  for (const secret of [
    PASSWORD,
    WRONG_PASSWORD,
    S3_SECRET,
    S3_ENV_SECRET,
    WRONG_S3_SECRET,
    TOKEN,
    WRONG_TOKEN,
    ...keys,
  ]) {
    const at = everywhere.indexOf(secret);
    expect(at, everywhere.slice(Math.max(0, at - 300), at + 100)).toBe(-1);
  }
});
