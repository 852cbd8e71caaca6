import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { withSandbox } from '../../src/sandbox/index.ts';
import { call, login, storeErrorBody } from './helpers.ts';

const DENIED = storeErrorBody(400, 'Access denied');

describe('access tokens', () => {
  it('accepts both header forms: <token> and Jwt <token>', async () => {
    await withSandbox({}, async (sandbox) => {
      const { access_token: token } = await login(sandbox);
      expect((await call(sandbox, 'POST', '/v1/vouchers', { token, header: 'plain' })).status).toBe(200);
      expect((await call(sandbox, 'POST', '/v1/vouchers', { token, header: 'jwt' })).status).toBe(200);
    });
  });

  it.each([
    '/v1/create_product',
    '/v1/update_product',
    '/v1/products_status',
    '/v1/categories',
    '/v1/brands',
    '/v1/taxes',
    '/v1/vouchers',
  ])('answers 400 Access denied on %s without a token, with a bad token and with a forged one', async (path) => {
    await withSandbox({}, async (sandbox) => {
      const method = path === '/v1/brands' ? 'PUT' : 'POST';
      const forged = await new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode('not-the-sandbox-secret-not-the-sandbox-secret'));
      for (const token of [undefined, 'garbage', forged]) {
        const answer = await call(sandbox, method, path, {
          token,
          body: { title: 't', product_id: 1001, brand_id: 1 },
        });
        expect(answer.status).toBe(400);
        expect(answer.body).toEqual(DENIED);
      }
      expect(sandbox.products()).toEqual([]);
    });
  });

  it('refuses a token once its exp has passed on the sandbox clock', async () => {
    let now = Date.parse('2026-01-01T00:00:00Z');
    await withSandbox({ tokenTtlSeconds: 60, clock: () => now }, async (sandbox) => {
      const { access_token: token, expires_in } = await login(sandbox);
      expect(expires_in).toBe(now / 1000 + 60);
      expect((await call(sandbox, 'POST', '/v1/taxes', { token })).status).toBe(200);
      now += 59_000;
      expect((await call(sandbox, 'POST', '/v1/taxes', { token })).status).toBe(200);
      now += 1_000;
      const expired = await call(sandbox, 'POST', '/v1/taxes', { token });
      expect(expired.body).toEqual(DENIED);
      const fresh = await login(sandbox);
      expect((await call(sandbox, 'POST', '/v1/taxes', { token: fresh.access_token })).status).toBe(200);
    });
  });

  it('refuses every earlier token after expireTokens()', async () => {
    await withSandbox({}, async (sandbox) => {
      const { access_token: token } = await login(sandbox);
      expect((await call(sandbox, 'POST', '/v1/vouchers', { token })).status).toBe(200);
      sandbox.expireTokens();
      expect((await call(sandbox, 'POST', '/v1/vouchers', { token })).body).toEqual(DENIED);
      const fresh = await login(sandbox);
      expect((await call(sandbox, 'POST', '/v1/vouchers', { token: fresh.access_token })).status).toBe(200);
    });
  });
});
