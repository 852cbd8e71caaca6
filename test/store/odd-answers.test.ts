/**
 * Answers the sandbox never gives but a real store or a proxy might: empty or non-JSON bodies,
 * redirects, `status: false`, a malformed list, an opaque token. A plain node:http server plays
 * the store here, one canned answer per path.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isCreateOutcomeUnknown } from '../../src/store/retry.ts';
import { clientFor, rejection } from './helpers.ts';

interface Canned {
  status: number;
  body: string;
  headers?: Record<string, string>;
  /** Send only this many bytes of the body (its full length announced), then drop the connection. */
  cutAfterBytes?: number;
}

const login = (extra: Record<string, unknown> = {}): Canned => ({
  status: 200,
  body: JSON.stringify({
    status: true,
    message: 'Login successful',
    access_token: 'opaque-token-not-a-jwt',
    expires_in: 1800,
    user_info: { vendor_id: 7, email: 'v@x.test', product_limit: '10', courier_auth_key: 'K' },
    ...extra,
  }),
});

const answers = new Map<string, Canned>();
/** Requests the server received, by path. */
const hits = new Map<string, number>();
let server: Server;
let url: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    hits.set(req.url ?? '', (hits.get(req.url ?? '') ?? 0) + 1);
    req.resume();
    req.on('end', () => {
      const canned = answers.get(req.url ?? '') ?? { status: 404, body: '{"message":"no route"}' };
      const length = { 'content-length': String(Buffer.byteLength(canned.body)) };
      res.writeHead(canned.status, { 'content-type': 'application/json', ...length, ...canned.headers });
      if (canned.cutAfterBytes === undefined) return res.end(canned.body);
      res.write(canned.body.slice(0, canned.cutAfterBytes), () => res.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function client() {
  return clientFor({ url, email: 'v@x.test', password: 'p' });
}

describe('store client: answers outside the reference', () => {
  it('reads an opaque token with a duration expires_in, and an empty 2xx write body as success', async () => {
    answers.set('/v1/authorization', login());
    answers.set('/v1/update_product', { status: 200, body: '' });
    const c = client();
    const before = Date.now();
    const session = await c.authorize();
    expect(session.expiresAt).toBeGreaterThanOrEqual(before + 1_800_000);
    expect(session.store).toMatchObject({ vendor_id: '7', product_limit: 10, category_limit: null });
    expect(session.store.raw).not.toHaveProperty('courier_auth_key');
    expect(await c.updateProduct({ product_id: 1, title: 'x' })).toEqual({
      httpStatus: 200,
      message: undefined,
      attempts: 1,
    });
    c.close();
  });

  it('a create answered 200 with a body that is not JSON is BAD_RESPONSE, outcome unknown', async () => {
    answers.set('/v1/authorization', login());
    answers.set('/v1/create_product', { status: 200, body: '<html>maintenance</html>' });
    const c = client();
    const error = await rejection(c.createProduct({ title: 'x' }));
    expect(error).toMatchObject({ code: 'BAD_RESPONSE', operation: 'create_product', httpStatus: 200, attempts: 1 });
    expect(isCreateOutcomeUnknown(error.code)).toBe(true);
    c.close();
  });

  it('a create answer cut off mid-body is AMBIGUOUS after one request, outcome unknown', async () => {
    answers.set('/v1/authorization', login());
    answers.set('/v1/create_product', {
      status: 200,
      body: JSON.stringify({ status: true, message: 'Product created', data: { product_id: 9 } }),
      cutAfterBytes: 10,
    });
    const c = client();
    const error = await rejection(c.createProduct({ title: 'x' }));
    expect(error).toMatchObject({ code: 'AMBIGUOUS', attempts: 1 });
    expect(error.message).toContain('ECONNRESET');
    expect(isCreateOutcomeUnknown(error.code)).toBe(true);
    c.close();
  });

  it('a token that cannot go in a header sends nothing: NOT_SENT, the create never reaches the store', async () => {
    answers.set('/v1/authorization', login({ access_token: 'token-with\na-line-break' }));
    hits.delete('/v1/create_product');
    const c = client();
    const error = await rejection(c.createProduct({ title: 'x' }));
    expect(error).toMatchObject({ code: 'NOT_SENT', operation: 'create_product' });
    expect(isCreateOutcomeUnknown(error.code)).toBe(false);
    expect(hits.get('/v1/create_product')).toBeUndefined();
    c.close();
  });

  it('a 2xx with status false is REJECTED with its message', async () => {
    answers.set('/v1/authorization', login());
    answers.set('/v1/products_status', {
      status: 200,
      body: JSON.stringify({ status: false, message: 'Not allowed' }),
    });
    const error = await rejection(client().setProductStatus({ product_id: 1, product_status: 2 }));
    expect(error).toMatchObject({ code: 'REJECTED', apiMessage: 'Not allowed' });
  });

  it('a malformed list names the operation and the field', async () => {
    answers.set('/v1/authorization', login());
    answers.set('/v1/vouchers', {
      status: 200,
      body: JSON.stringify({ status: true, vouchers: [{ coupon_id: '1', title: 'T', till: 'soon' }] }),
    });
    const error = await rejection(client().listVouchers());
    expect(error.code).toBe('BAD_RESPONSE');
    expect(error.message).toMatch(
      /^vouchers: unexpected response .*field "vouchers\.0\.till" expected a date YYYY-MM-DD/,
    );
  });

  it('a login answer without a token is BAD_RESPONSE naming access_token, and leaks nothing', async () => {
    answers.set('/v1/authorization', login({ access_token: undefined }));
    const error = await rejection(client().listCategories());
    // The call waiting for that login was not sent (LOGIN_FAILED); the login's own error is its cause.
    expect(error).toMatchObject({ code: 'LOGIN_FAILED', operation: 'categories', attempts: 0 });
    expect(error.cause).toMatchObject({ code: 'BAD_RESPONSE', operation: 'authorize' });
    expect(error.message).toContain('field "access_token"');
    expect(error.message).not.toMatch(/"p"|courier|K"/);
  });

  it('a redirect is not followed and is BAD_RESPONSE', async () => {
    answers.set('/v1/authorization', login());
    answers.set('/v1/taxes', { status: 302, body: '', headers: { location: 'https://elsewhere.test/' } });
    const error = await rejection(client().listTaxes());
    expect(error).toMatchObject({ code: 'BAD_RESPONSE', httpStatus: 302 });
  });

  it('a 404 on taxes whose body is not the "no result" shape is REJECTED', async () => {
    answers.set('/v1/authorization', login());
    answers.set('/v1/taxes', { status: 404, body: '<html>not here</html>' });
    const error = await rejection(client().listTaxes());
    expect(error).toMatchObject({ code: 'REJECTED', httpStatus: 404 });
  });
});
