/**
 * An app on a real sandbox store with notifications on: a webhook receiver and an SMTP server of
 * the test's own, reports and state in a temp folder, log lines kept (to look for secrets).
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { createApp, type App, type AppOptions } from '../../src/app.ts';
import { runJob } from '../../src/intake/schedules.ts';
import { resolveConfig } from '../../src/config.ts';
import { createLogger } from '../../src/log.ts';
import { startSandbox, type SandboxHandle, type SandboxOptions } from '../../src/sandbox/index.ts';
import { newSecret, startMailServer, startReceiver, type Answer, type MailServer, type Receiver } from './helpers.ts';
import { REDIS_URL } from '../helpers/redis-url.ts';
import { dropKeys } from '../sync/helpers/redis.ts';

export interface NotifyWorld {
  app: App;
  sandbox: SandboxHandle;
  receiver: Receiver;
  mail: MailServer;
  secret: string;
  dir: string;
  reportDir: string;
  /** The store's notifications' outbox lives under it (local mode). */
  stateHome: string;
  queuePrefix: string | null;
  env: Record<string, string>;
  logs: string[];
  sheet(name: string, lines: string[]): Promise<string>;
  close(): Promise<void>;
}

export interface NotifyWorldOptions {
  redis?: boolean;
  sandbox?: SandboxOptions;
  answer?: Answer;
  /** Settings over the world's (e.g. a wrong STORE_PASSWORD, NOTIFY_LANG). */
  env?: Record<string, string>;
  app?: AppOptions;
  /** No SMTP_URL (webhook only). */
  noMail?: boolean;
}

export async function startNotifyWorld(options: NotifyWorldOptions = {}): Promise<NotifyWorld> {
  const sandbox = await startSandbox(options.sandbox ?? {});
  const secret = newSecret();
  const receiver = await startReceiver(secret, options.answer);
  const mail = await startMailServer();
  const dir = await mkdtemp(join(tmpdir(), 'notify-'));
  const reportDir = join(dir, 'reports');
  const stateHome = join(dir, 'state');
  const queuePrefix = options.redis ? `notify-test-${randomUUID()}` : null;
  const env: Record<string, string> = {
    STORE_URL: sandbox.url,
    STORE_EMAIL: sandbox.email,
    STORE_PASSWORD: sandbox.password,
    REPORT_DIR: reportDir,
    XDG_STATE_HOME: stateHome,
    RATE: '500',
    NOTIFY_WEBHOOK_URL: receiver.url,
    NOTIFY_WEBHOOK_SECRET: secret,
    ...(options.noMail
      ? {}
      : {
          SMTP_URL: mail.url,
          NOTIFY_EMAIL_TO: 'owner@shop.example, ops@shop.example',
          NOTIFY_EMAIL_FROM: 'Catalog <catalog@shop.example>',
        }),
    CONSOLE_URL: 'https://console.shop.example/',
    ...(queuePrefix ? { REDIS_URL, QUEUE_PREFIX: queuePrefix } : {}),
    ...options.env,
  };
  const logs: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logs.push(chunk.toString('utf8'));
      done();
    },
  });
  const app = createApp(resolveConfig(env), createLogger({ level: 'debug', destination }), options.app);
  return {
    app,
    sandbox,
    receiver,
    mail,
    secret,
    dir,
    reportDir,
    stateHome,
    queuePrefix,
    env,
    logs,
    sheet: async (name, lines) => {
      const file = join(dir, name);
      await writeFile(file, `${lines.join('\n')}\n`);
      return file;
    },
    close: async () => {
      await app.close();
      if (queuePrefix) await dropKeys(queuePrefix);
      await receiver.close();
      await mail.close();
      await sandbox.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Runs the world's scheduled job `nightly`, whose sheet cannot be fetched (nothing listens at its
 * https address); `token` is in the source's query, which no notification may repeat.
 */
export async function runUnfetchableJob(world: NotifyWorld, token: string): Promise<void> {
  const { app } = world;
  await runJob(
    {
      name: 'nightly',
      file: join(world.dir, 'nightly.yaml'),
      source: `https://127.0.0.1:1/export.csv?token=${token}`,
      schedule: '0 2 * * *',
      timezone: undefined,
      mode: 'delta',
      rate: undefined,
      concurrency: undefined,
      columns: undefined,
      keyColumn: 'barcode',
      listUnchanged: false,
    },
    { runnerFor: (tuning) => app.runner(tuning), logger: app.logger, notify: await app.notifier() },
  );
}

/** Two good rows and one whose price is not a number (row 3). */
export const SHEET = [
  'title,title_ar,category,sale_price,barcode',
  'Oud Oil,زيت العود,1,12.50,BC-1',
  'Rose Water,ماء الورد,1,"12,5O",BC-2',
  'Musk,مسك,1,8,BC-3',
];
