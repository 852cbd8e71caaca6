import { describe, expect, it } from 'vitest';
import { withSandbox } from '../../src/sandbox/index.ts';
import { clientFor, rejection } from './helpers.ts';

const LOGIN = '/v1/authorization';

describe('store client: one login shared by concurrent calls', () => {
  it('logs in once for many concurrent calls and reuses the token', async () => {
    await withSandbox({}, async (sandbox) => {
      const client = clientFor(sandbox);
      await Promise.all(Array.from({ length: 30 }, () => client.listCategories()));
      await Promise.all([client.listTaxes(), client.listVouchers(), client.authorize()]);
      expect(sandbox.requestCount(LOGIN)).toBe(1);
      expect(sandbox.requestCount('/v1/categories')).toBe(30);
      client.close();
    });
  });

  it.each(['absolute', 'duration'] as const)(
    'reads expires_in as %s and logs in again shortly before expiry',
    async (style) => {
      let now = Date.now();
      const clock = () => now;
      await withSandbox({ expiresInStyle: style, tokenTtlSeconds: 600, clock }, async (sandbox) => {
        const client = clientFor(sandbox, {}, { now: clock });
        const session = await client.authorize();
        expect(session.expiresAt).toBe(Math.floor(now / 1000) * 1000 + 600_000);

        now += 500_000; // well inside the token's life: reused
        await client.listCategories();
        expect(sandbox.requestCount(LOGIN)).toBe(1);

        now += 50_000; // within the last tenth of its life: refreshed before the store refuses it
        await client.listCategories();
        expect(sandbox.requestCount(LOGIN)).toBe(2);
        expect(sandbox.requests().filter((r) => r.status === 400)).toEqual([]);
        client.close();
      });
    },
  );

  it("does not log in before every call when the store's clock runs behind ours", async () => {
    const storeClock = () => Date.now() - 2 * 3600_000; // its tokens look expired on arrival here
    await withSandbox({ clock: storeClock, tokenTtlSeconds: 3600 }, async (sandbox) => {
      const client = clientFor(sandbox);
      for (let i = 0; i < 5; i += 1) await client.listVouchers();
      expect(sandbox.requestCount(LOGIN)).toBe(1);
      client.close();
    });
  });

  it('a token that expires mid-run is replaced by one fresh login and the call retried', async () => {
    await withSandbox({}, async (sandbox) => {
      const client = clientFor(sandbox);
      await client.listCategories();
      sandbox.inject({ kind: 'expireToken', path: '/v1/update_product' });
      const product = sandbox.seedProduct({ title: 'x' });
      const result = await client.updateProduct({ product_id: product.product_id, title: 'y' });
      expect(result.attempts).toBe(2);
      expect(sandbox.requestCount(LOGIN)).toBe(2);
      expect(sandbox.product(product.product_id)?.fields.title).toBe('y');
      client.close();
    });
  });

  it('when every token is refused at once, the concurrent calls share one new login', async () => {
    await withSandbox({}, async (sandbox) => {
      const client = clientFor(sandbox);
      await client.listCategories();
      sandbox.expireTokens();
      await Promise.all(Array.from({ length: 16 }, () => client.listVouchers()));
      expect(sandbox.requestCount(LOGIN)).toBe(2);
      client.close();
    });
  });

  it('a second denial after the fresh login is ACCESS_DENIED', async () => {
    await withSandbox({}, async (sandbox) => {
      const client = clientFor(sandbox);
      sandbox.inject({ kind: 'expireToken', path: '/v1/create_product', times: 2 });
      const error = await rejection(client.createProduct({ title: 'x' }));
      expect(error).toMatchObject({
        code: 'ACCESS_DENIED',
        operation: 'create_product',
        httpStatus: 400,
        apiMessage: 'Access denied',
        attempts: 2,
      });
      expect(sandbox.requestCount(LOGIN)).toBe(2);
      expect(sandbox.products()).toHaveLength(0);
      client.close();
    });
  });
});
