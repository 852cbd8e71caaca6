/** Notification settings: the signed webhook and the e-mail telling people a batch ended (src/notify/). */
import { z } from 'zod';
import { notHttpsOrLoopback, urlSetting } from './url.ts';

/** An e-mail address as people write it: `name@host`, or `Name <name@host>`. */
const MAIL_ADDRESS = /^(?:[^<>@\s][^<>@]*<[^<>@\s]+@[^<>@\s]+\.[^<>@\s]+>|[^<>@\s]+@[^<>@\s]+\.[^<>@\s]+)$/;

/** NOTIFY_WEBHOOK_URL: https, or http to this machine only (the store's rule), never followed elsewhere. */
const webhookUrl = urlSetting({
  example: 'https://hooks.example.com/catalog-sync',
  quote: false,
  problem: notHttpsOrLoopback,
  keep: (url) => url.toString(),
});

/**
 * NOTIFY_WEBHOOK_SECRET as the Standard Webhooks specification gives it: `whsec_` and the base64
 * of 24 to 64 random bytes (e.g. `whsec_$(openssl rand -base64 32)`). Messages never quote it.
 */
const webhookSecret = z
  .string()
  .trim()
  .refine((value) => /^whsec_[A-Za-z0-9+/]+={0,2}$/.test(value), {
    error: 'must be whsec_ followed by base64 (e.g. whsec_ and the output of openssl rand -base64 32)',
  })
  .refine(
    (value) => {
      const bytes = Buffer.from(value.slice('whsec_'.length), 'base64').length;
      return bytes >= 24 && bytes <= 64;
    },
    { error: 'must hold 24 to 64 bytes after whsec_ (base64 of openssl rand -base64 32 holds 32)' },
  );

/** SMTP_URL: smtp:// (STARTTLS, required but on loopback) or smtps://; it may hold the login. Messages never quote it. */
const smtpUrl = z
  .string()
  .trim()
  .refine(
    (value) => {
      try {
        const url = new URL(value);
        return (url.protocol === 'smtp:' || url.protocol === 'smtps:') && url.hostname !== '';
      } catch {
        return false;
      }
    },
    {
      error:
        'must be smtp://[user:password@]host[:port] or smtps://... (e.g. smtps://mailer%40shop.example:secret@smtp.example.com)',
    },
  );

/** NOTIFY_EMAIL_TO: comma-separated addresses. */
const mailList = z
  .string()
  .trim()
  .refine((value) => value.split(',').every((one) => MAIL_ADDRESS.test(one.trim())), {
    error: 'must be e-mail addresses separated by commas (e.g. ops@shop.example, owner@shop.example)',
  });

const notifyLang = z.enum(['en', 'ar'], { error: 'must be en or ar' });

export const notifySettings = {
  /** Where a batch's end is POSTed, signed (src/notify/); unset: no webhook. */
  notifyWebhookUrl: webhookUrl.optional(),
  notifyWebhookSecret: webhookSecret.optional(),
  /** The mail server notifications go through (nodemailer); unset: no e-mail. */
  smtpUrl: smtpUrl.optional(),
  /** Comma-separated recipients. */
  notifyEmailTo: mailList.optional(),
  notifyEmailFrom: z
    .string()
    .trim()
    .regex(MAIL_ADDRESS, 'must be one e-mail address (e.g. catalog-sync@shop.example or "Catalog <c@shop.example>")')
    .optional(),
  /** The notifications' language; unset: the store's (src/notify/language.ts). */
  notifyLang: notifyLang.optional(),
};

export const NOTIFY_ENV = {
  notifyWebhookUrl: 'NOTIFY_WEBHOOK_URL',
  notifyWebhookSecret: 'NOTIFY_WEBHOOK_SECRET',
  smtpUrl: 'SMTP_URL',
  notifyEmailTo: 'NOTIFY_EMAIL_TO',
  notifyEmailFrom: 'NOTIFY_EMAIL_FROM',
  notifyLang: 'NOTIFY_LANG',
} as const satisfies Record<keyof typeof notifySettings, string>;

/** The notification settings a store of the stores file may set for itself (src/stores-file.ts). */
export const STORE_NOTIFY_SCHEMAS = { webhookUrl, webhookSecret, mailList, notifyLang } as const;

type NotifySettings = z.infer<z.ZodObject<typeof notifySettings>>;

/** Notification settings that only make sense together, each missing one named. */
export function notifyTogether(
  settings: NotifySettings,
  missing: (setting: keyof NotifySettings, message: string) => void,
): void {
  if (settings.notifyWebhookUrl && !settings.notifyWebhookSecret)
    missing(
      'notifyWebhookSecret',
      'is not set: NOTIFY_WEBHOOK_URL needs it to sign what it sends (or set NOTIFY_WEBHOOK_SECRET_FILE)',
    );
  // SMTP_URL without NOTIFY_EMAIL_TO is checked with the stores file (store-choice.ts): its stores
  // may each have their own recipients.
  if (settings.smtpUrl && !settings.notifyEmailFrom)
    missing('notifyEmailFrom', 'is not set: SMTP_URL needs the sender address');
  if (!settings.smtpUrl && settings.notifyEmailTo)
    missing('smtpUrl', 'is not set: NOTIFY_EMAIL_TO needs a mail server to send through (or set SMTP_URL_FILE)');
}
