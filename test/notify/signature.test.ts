/**
 * The signature checked by an independent implementation of the Standard Webhooks specification
 * (the `standardwebhooks` package), and against the specification's own example.
 */
import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { signedHeaders } from '../../src/notify/signature.ts';

describe('Standard Webhooks signature', () => {
  it("matches the specification's example", () => {
    // https://github.com/standard-webhooks/standard-webhooks/blob/main/spec/standard-webhooks.md
    const headers = signedHeaders(
      'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
      'msg_p5jXN8AQM9LWM0D4loKWxJek',
      1_614_265_330_000,
      '{"test": 2432232314}',
    );
    expect(headers).toEqual({
      'webhook-id': 'msg_p5jXN8AQM9LWM0D4loKWxJek',
      'webhook-timestamp': '1614265330',
      'webhook-signature': 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
    });
  });

  it.each([
    ['ascii body', '{"type":"batch.finished","data":{"total":3}}'],
    [
      'arabic body',
      JSON.stringify({ data: { store: { name: 'عطور الرياض' }, problems: [{ message: 'السعر: "١٢،٥" ليس رقمًا' }] } }),
    ],
    ['empty body', ''],
  ])('is accepted by the standardwebhooks package: %s', (_name, body) => {
    const secret = `whsec_${randomBytes(32).toString('base64')}`;
    const now = Date.now();
    const headers = signedHeaders(secret, '20261126-101010-abc123.finished.webhook', now, body);
    // verify throws when the signature, the id or the time does not fit.
    expect(() => new Webhook(secret).verify(body, { ...headers })).not.toThrow();
  });

  it('is refused for another body, another secret or another id', () => {
    const secret = `whsec_${randomBytes(32).toString('base64')}`;
    const other = `whsec_${randomBytes(32).toString('base64')}`;
    const headers = signedHeaders(secret, 'id-1', Date.now(), '{"a":1}');
    expect(() => new Webhook(secret).verify('{"a":2}', { ...headers })).toThrow();
    expect(() => new Webhook(other).verify('{"a":1}', { ...headers })).toThrow();
    expect(() => new Webhook(secret).verify('{"a":1}', { ...headers, 'webhook-id': 'id-2' })).toThrow();
  });
});
