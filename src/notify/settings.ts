/**
 * What the notifications of one store go by, built from the configuration in one place
 * (notifySettingsOf), so a store's own settings (a stores file) can later take its place for that
 * store without any sender knowing. Secrets stay here, in the process: never in an event, an
 * outbox entry, a queued job or a log line.
 */
import { DEFAULT_STORE_ID, type Config } from '../config.ts';
import type { Lang } from '../messages/index.ts';
import type { Channel } from './delivery-view.ts';

export interface WebhookTarget {
  url: string;
  /** `whsec_<base64>` (Standard Webhooks). */
  secret: string;
}

export interface MailTarget {
  /** smtp:// or smtps://, with the login when the server wants one. */
  smtpUrl: string;
  to: string[];
  from: string;
}

export interface NotifySettings {
  webhook: WebhookTarget | null;
  email: MailTarget | null;
  /** The language chosen for every notification; null: the store's (language.ts). */
  lang: Lang | null;
  /** The console as people open it, for a link to the batch; null: no link. */
  consoleUrl: string | null;
  /** The store's id in the stores file: the link opens the console on that store. */
  consoleStore?: string | null;
}

export function notifySettingsOf(config: Config): NotifySettings {
  return {
    webhook:
      config.notifyWebhookUrl && config.notifyWebhookSecret
        ? { url: config.notifyWebhookUrl, secret: config.notifyWebhookSecret }
        : null,
    email:
      config.smtpUrl && config.notifyEmailTo && config.notifyEmailFrom
        ? {
            smtpUrl: config.smtpUrl,
            to: config.notifyEmailTo
              .split(',')
              .map((one) => one.trim())
              .filter((one) => one !== ''),
            from: config.notifyEmailFrom,
          }
        : null,
    lang: config.notifyLang ?? null,
    consoleUrl: config.consoleUrl ?? null,
    consoleStore: config.storeId !== undefined && config.storeId !== DEFAULT_STORE_ID ? config.storeId : null,
  };
}

/** The channels a notification goes out on, in this order. */
export function channelsOf(settings: NotifySettings): Channel[] {
  return [...(settings.webhook ? ['webhook' as const] : []), ...(settings.email ? ['email' as const] : [])];
}
