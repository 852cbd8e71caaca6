import { connect } from 'node:net';
import { once } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { withSandbox } from '../../src/sandbox/index.ts';
import { call, login, storeErrorBody } from './helpers.ts';

describe('sandbox robustness', () => {
  it('survives a client that leaves in the middle of a body, and records it with status 0', async () => {
    await withSandbox({}, async (sandbox) => {
      const { port } = new URL(sandbox.url);
      const socket = connect(Number(port), '127.0.0.1');
      await once(socket, 'connect');
      socket.write(
        'POST /v1/create_product HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"title":',
      );
      await vi.waitFor(() => expect(sandbox.requestCount('/v1/create_product')).toBe(1));
      socket.destroy();
      const { access_token: token } = await login(sandbox);
      expect((await call(sandbox, 'POST', '/v1/create_product', { token, body: { title: 'after' } })).status).toBe(200);
      expect(sandbox.products().map((p) => p.fields.title)).toEqual(['after']);
      expect(sandbox.requests()[0]).toMatchObject({ path: '/v1/create_product', status: 0 });
    });
  });

  it('refuses a body over 5 MiB with the generic Access denied and keeps serving', async () => {
    await withSandbox({ recordBodies: false }, async (sandbox) => {
      const { access_token: token } = await login(sandbox);
      const huge = await call(sandbox, 'POST', '/v1/create_product', {
        token,
        body: { title: 'big', description: 'x'.repeat(6 * 1024 * 1024) },
      });
      expect(huge.body).toEqual(storeErrorBody(400, 'Access denied'));
      expect(sandbox.products()).toEqual([]);
      expect((await call(sandbox, 'POST', '/v1/create_product', { token, body: { title: 'small' } })).status).toBe(200);
    });
  });

  it('ignores the query string when routing', async () => {
    await withSandbox({}, async (sandbox) => {
      const { access_token: token } = await login(sandbox);
      expect((await call(sandbox, 'GET', '/v1/categories?page=2', { token })).status).toBe(200);
      expect(sandbox.requests().at(-1)?.path).toBe('/v1/categories');
    });
  });
});

describe('sandbox options', () => {
  it.each([
    [{ tokenTtlSeconds: 1.5 }, /tokenTtlSeconds must be a whole number/],
    [{ productLimit: -1 }, /productLimit must be a whole number/],
    [{ latencyMs: -5 }, /latencyMs must be a number >= 0/],
    [{ rateLimit: { max: 0 } }, /rate limit max must be >= 1/],
  ])('refuses %j naming the option', async (options, message) => {
    await expect(withSandbox(options, () => Promise.resolve())).rejects.toThrow(message);
  });
});
