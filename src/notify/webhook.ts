/**
 * One webhook attempt: POST the event's JSON, signed (signature.ts), with no redirect followed
 * (a 3xx is a failure: the notification goes where NOTIFY_WEBHOOK_URL says, or nowhere), no retry
 * of got's own (the deliverers retry on the schedule of retry.ts), and no answer in the timeout a
 * failure. Only a 2xx delivers.
 */
import got from 'got';
import type { AttemptResult } from './attempt.ts';
import { scrubbed } from './attempt.ts';
import { ATTEMPT_TIMEOUT_MS } from './retry.ts';
import type { WebhookTarget } from './settings.ts';
import { signedHeaders } from './signature.ts';

export interface WebhookPost {
  /** webhook-id: the same on every attempt, so the receiver can drop a second delivery. */
  id: string;
  /** The event as JSON, the same bytes on every attempt. */
  body: string;
  nowMs: number;
  timeoutMs?: number;
}

export async function postWebhook(target: WebhookTarget, post: WebhookPost): Promise<AttemptResult> {
  const headers = signedHeaders(target.secret, post.id, post.nowMs, post.body);
  try {
    const response = await got.post(target.url, {
      body: post.body,
      headers: { ...headers, 'content-type': 'application/json', 'user-agent': 'catalog-sync' },
      followRedirect: false,
      throwHttpErrors: false,
      retry: { limit: 0 },
      timeout: { request: post.timeoutMs ?? ATTEMPT_TIMEOUT_MS },
    });
    const status = response.statusCode;
    if (status >= 200 && status < 300) return { ok: true, detail: `HTTP ${status}` };
    if (status >= 300 && status < 400)
      return {
        ok: false,
        detail: `HTTP ${status}: redirects are not followed (set NOTIFY_WEBHOOK_URL to the final address)`,
      };
    return { ok: false, detail: `HTTP ${status}` };
  } catch (error) {
    return { ok: false, detail: scrubbed(error, [target.url, target.secret]) };
  }
}
