/**
 * An app on the base world's sandbox store with notifications on: a webhook receiver and an SMTP
 * server of the test's own, reports and state in its temp folder, log lines kept (to look for secrets).
 */
import { join } from 'node:path';
import { createApp, type App, type AppOptions } from '../../src/app.ts';
import { runJob } from '../../src/intake/schedules.ts';
import { resolveConfig } from '../../src/config.ts';
import type { SandboxOptions } from '../../src/sandbox/index.ts';
import { newSecret, startMailServer, startReceiver, type Answer, type MailServer, type Receiver } from './helpers.ts';
import { sandboxWorldFor, type SandboxWorld, type SandboxWorldChoices } from '../helpers/base-world.ts';

export interface NotifyWorld extends SandboxWorld {
  app: App;
  receiver: Receiver;
  mail: MailServer;
  secret: string;
  reportDir: string;
  /** The store's notifications' outbox lives under it (local mode). */
  stateHome: string;
  env: Record<string, string>;
}

export interface NotifyWorldOptions extends SandboxWorldChoices {
  answer?: Answer;
  app?: AppOptions;
  /** No SMTP_URL (webhook only). */
  noMail?: boolean;
}

export async function startNotifyWorld(options: NotifyWorldOptions = {}): Promise<NotifyWorld> {
  const world = await sandboxWorldFor('notify', options);
  const secret = newSecret();
  const receiver = await startReceiver(secret, options.answer);
  world.onClose(() => receiver.close());
  const mail = await startMailServer();
  world.onClose(() => mail.close());
  const reportDir = join(world.dir, 'reports');
  const stateHome = join(world.dir, 'state');
  const env: Record<string, string> = {
    ...world.storeEnv,
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
    ...world.redisEnv,
    ...options.env,
  };
  const app = createApp(resolveConfig(env), world.logger, options.app);
  world.onClose(() => app.close());
  return { ...world, app, receiver, mail, secret, reportDir, stateHome, env };
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

/** A sandbox store whose own name is Arabic (so its notifications speak Arabic unless told otherwise). */
export const ARABIC_STORE: SandboxOptions = { storeName: { store_name: 'عطور الرياض', store_name_ar: 'عطور الرياض' } };
