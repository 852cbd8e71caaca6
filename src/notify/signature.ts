/**
 * The Standard Webhooks signature (https://www.standardwebhooks.com, pure): receivers check it with
 * any of the specification's libraries. The secret is `whsec_` and the base64 of its key; the
 * signature is `v1,` and the base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<body>`.
 */
import { createHmac } from 'node:crypto';

export interface SignedHeaders {
  'webhook-id': string;
  /** Seconds since the epoch, as text. */
  'webhook-timestamp': string;
  'webhook-signature': string;
}

const PREFIX = 'whsec_';

/** The key a `whsec_` secret stands for. */
export function secretKey(secret: string): Buffer {
  if (!secret.startsWith(PREFIX)) throw new Error('a webhook secret starts with whsec_');
  return Buffer.from(secret.slice(PREFIX.length), 'base64');
}

/** The headers of one attempt: the same id every time, the attempt's own time (receivers refuse old ones). */
export function signedHeaders(secret: string, id: string, nowMs: number, body: string): SignedHeaders {
  const timestamp = String(Math.floor(nowMs / 1000));
  const mac = createHmac('sha256', secretKey(secret)).update(`${id}.${timestamp}.${body}`).digest('base64');
  return { 'webhook-id': id, 'webhook-timestamp': timestamp, 'webhook-signature': `v1,${mac}` };
}
