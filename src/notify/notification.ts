/**
 * One notification: an event for one channel, as the outbox and the queue keep it until it is
 * delivered. It holds what to say (the event, the language, the store's name) and where the
 * batch's failed.csv is, never where or how to send it: the URL, the webhook secret and the mail
 * server's login stay in the delivering process's settings (settings.ts).
 */
import { readFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import type { AttemptResult } from './attempt.ts';
import { sendMail } from './email.ts';
import type { Channel } from './delivery-view.ts';
import { batchOf, type NotifyEvent } from './event.ts';
import { mailText } from './mail-text.ts';
import type { NotifySettings } from './settings.ts';
import { postWebhook } from './webhook.ts';
import type { Lang } from '../messages/index.ts';

export interface Notification {
  /** The webhook-id and the e-mail's Message-ID: the same on every attempt. */
  id: string;
  channel: Channel;
  event: NotifyEvent;
  lang: Lang;
  /** The store's name in `lang`. */
  storeName: string;
  /** The batch's failed.csv, attached to the e-mail when rows need a fix; null: nothing to attach. */
  failedCsv: string | null;
}

const SLUG = /[^A-Za-z0-9_-]+/g;

/**
 * The notification's id, the same whichever process builds it: a batch's from its id, so the end
 * of a batch that is resumed, or reported twice after a crash, is one notification, not two.
 */
export function notificationId(event: NotifyEvent, channel: Channel): string {
  const batchId = batchOf(event);
  if (event.type === 'batch.finished') return `${batchId}.finished.${channel}`;
  if (event.type === 'batch.failed') return `${batchId}.failed.${channel}`;
  if (event.type === 'schedule.failed')
    return `schedule.${event.data.job.replace(SLUG, '-')}.${Date.parse(event.timestamp)}.${channel}`;
  return `test.${randomBytes(6).toString('hex')}.${channel}`;
}

/** An attempt to deliver `notification` now, on this process's settings for its channel. */
export async function attemptDelivery(
  notification: Notification,
  settings: NotifySettings,
  nowMs: number,
): Promise<AttemptResult> {
  if (notification.channel === 'webhook') {
    if (!settings.webhook) return { ok: false, detail: 'NOTIFY_WEBHOOK_URL is not set in this process' };
    return postWebhook(settings.webhook, { id: notification.id, body: JSON.stringify(notification.event), nowMs });
  }
  if (!settings.email) return { ok: false, detail: 'SMTP_URL is not set in this process' };
  const attachment = notification.failedCsv === null ? null : await readAttachment(notification.failedCsv);
  const { subject, text } = mailText({
    event: notification.event,
    lang: notification.lang,
    storeName: notification.storeName,
    consoleUrl: settings.consoleUrl,
    consoleStore: settings.consoleStore ?? null,
    attached: attachment !== null,
  });
  return sendMail(settings.email, { id: notification.id, subject, text, attachment });
}

/** failed.csv as it is on disk, byte for byte; null when it is out of reach (the body then says where it is). */
async function readAttachment(path: string): Promise<{ filename: string; content: Buffer } | null> {
  try {
    return { filename: 'failed.csv', content: await readFile(path) };
  } catch {
    return null;
  }
}
