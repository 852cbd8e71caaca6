/**
 * One e-mail attempt through the configured mail server (nodemailer: MIME, SMTP, STARTTLS and
 * login done right by a library used by most of Node's mail senders). smtp:// must upgrade to TLS
 * before it logs in, except to this machine; every wait is bounded by the attempt's timeout. The
 * Message-ID is the notification's id on every attempt, so a mail client shows a repeat once.
 */
import { createTransport } from 'nodemailer';
import { isLoopbackHost } from '../config.ts';
import type { AttemptResult } from './attempt.ts';
import { scrubbed } from './attempt.ts';
import { ATTEMPT_TIMEOUT_MS } from './retry.ts';
import type { MailTarget } from './settings.ts';

export interface MailMessage {
  id: string;
  subject: string;
  text: string;
  attachment: { filename: string; content: Buffer } | null;
  timeoutMs?: number;
}

export async function sendMail(target: MailTarget, message: MailMessage): Promise<AttemptResult> {
  const url = new URL(target.smtpUrl);
  const timeout = message.timeoutMs ?? ATTEMPT_TIMEOUT_MS;
  const secrets = [target.smtpUrl, decodeURIComponent(url.password), url.password];
  const transport = createTransport({
    url: target.smtpUrl,
    requireTLS: url.protocol === 'smtp:' && !isLoopbackHost(url.hostname),
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
    dnsTimeout: timeout,
    logger: false,
  });
  try {
    const sent = await transport.sendMail({
      from: target.from,
      to: target.to,
      subject: message.subject,
      text: message.text,
      messageId: `<${message.id}@catalog-sync>`,
      ...(message.attachment
        ? {
            attachments: [
              { filename: message.attachment.filename, content: message.attachment.content, contentType: 'text/csv' },
            ],
          }
        : {}),
    });
    return { ok: true, detail: sent.response.slice(0, 200) };
  } catch (error) {
    return { ok: false, detail: scrubbed(error, secrets) };
  } finally {
    transport.close();
  }
}
