import { describe, expect, it } from 'vitest';
import { withSandbox } from '../../src/sandbox/index.ts';
import { call, login } from './helpers.ts';
import { until } from '../helpers/until.ts';

describe('control API under /__sandbox/', () => {
  it('lists products and stats, and is itself neither logged nor rate-limited', async () => {
    await withSandbox({ rateLimit: { max: 2, windowMs: 60_000 } }, async (sandbox) => {
      const { access_token: token } = await login(sandbox);
      await call(sandbox, 'POST', '/v1/create_product', { token, body: { title: 'a', category: 1 } });
      for (let i = 0; i < 3; i += 1) expect((await call(sandbox, 'GET', '/__sandbox/stats')).status).toBe(200);
      const products = await call(sandbox, 'GET', '/__sandbox/products');
      expect(products.body).toEqual({
        status: true,
        total: 1,
        products: [
          expect.objectContaining({ product_id: 1001, product_status: 1, fields: { title: 'a', category: 1 } }),
        ],
      });
      const stats = await call(sandbox, 'GET', '/__sandbox/stats?windowMs=60000');
      expect(stats.body).toEqual({
        status: true,
        requests: 2,
        maxInWindow: 2,
        windowMs: 60_000,
        byPath: { '/v1/authorization': 1, '/v1/create_product': 1 },
        loopDelay: { maxMs: expect.any(Number) as unknown, p99Ms: expect.any(Number) as unknown },
      });
      const log = await call(sandbox, 'GET', '/__sandbox/requests?limit=1');
      expect(log.body).toMatchObject({ total: 2, requests: [{ path: '/v1/create_product', status: 200 }] });
    });
  });

  it('queues faults (one rule or a list; times null means always) and clears them', async () => {
    await withSandbox({}, async (sandbox) => {
      const { access_token: token } = await login(sandbox);
      const queued = await call(sandbox, 'POST', '/__sandbox/faults', {
        body: [
          { kind: 'status503', path: '/v1/taxes' },
          { kind: 'status500', path: '/v1/vouchers', times: null },
        ],
      });
      expect(queued.body).toEqual({ status: true, queued: 2 });
      expect((await call(sandbox, 'GET', '/__sandbox/faults')).body).toEqual({ status: true, pending: null });
      expect((await call(sandbox, 'POST', '/v1/taxes', { token })).status).toBe(503);
      expect((await call(sandbox, 'POST', '/v1/taxes', { token })).status).toBe(200);
      for (let i = 0; i < 3; i += 1) expect((await call(sandbox, 'POST', '/v1/vouchers', { token })).status).toBe(500);
      expect((await call(sandbox, 'DELETE', '/__sandbox/faults')).status).toBe(200);
      expect((await call(sandbox, 'GET', '/__sandbox/faults')).body).toEqual({ status: true, pending: 0 });
      expect((await call(sandbox, 'POST', '/v1/vouchers', { token })).status).toBe(200);
      await call(sandbox, 'POST', '/__sandbox/faults', { body: { kind: 'status429', retryAfterSeconds: 4 } });
      expect((await call(sandbox, 'POST', '/v1/vouchers', { token })).headers.get('retry-after')).toBe('4');
    });
  });

  it('refuses a bad fault rule, a bad body and an unknown endpoint', async () => {
    await withSandbox({}, async (sandbox) => {
      const bad = await call(sandbox, 'POST', '/__sandbox/faults', {
        body: [{ kind: 'status500' }, { kind: 'explode' }],
      });
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({
        status: false,
        message: expect.stringContaining('kind must be one of') as unknown,
      });
      expect((await call(sandbox, 'POST', '/__sandbox/faults', { rawBody: '{' })).status).toBe(400);
      expect((await call(sandbox, 'GET', '/__sandbox/nothing')).status).toBe(404);
      const { access_token: token } = await login(sandbox);
      expect((await call(sandbox, 'POST', '/v1/vouchers', { token })).status).toBe(200); // nothing was queued
    });
  });

  it('sets and lifts the rate limit, sets latency, expires tokens and resets stats', async () => {
    await withSandbox({}, async (sandbox) => {
      const { access_token: token } = await login(sandbox);
      expect(
        (await call(sandbox, 'POST', '/__sandbox/rate-limit', { body: { max: 1, windowMs: 60_000 } })).body,
      ).toEqual({ status: true, rateLimit: { max: 1, windowMs: 60_000 } });
      expect((await call(sandbox, 'POST', '/v1/vouchers', { token })).status).toBe(200);
      expect((await call(sandbox, 'POST', '/v1/vouchers', { token })).status).toBe(429);
      expect((await call(sandbox, 'POST', '/__sandbox/rate-limit', { body: { max: null } })).body).toEqual({
        status: true,
        rateLimit: null,
      });
      expect((await call(sandbox, 'POST', '/v1/vouchers', { token })).status).toBe(200);
      expect((await call(sandbox, 'POST', '/__sandbox/rate-limit', { body: { max: 0 } })).status).toBe(400);

      expect((await call(sandbox, 'POST', '/__sandbox/latency', { body: { ms: 5 } })).status).toBe(200);
      expect((await call(sandbox, 'POST', '/v1/vouchers', { token })).status).toBe(200);
      expect((await call(sandbox, 'POST', '/__sandbox/latency', { body: { ms: -1 } })).status).toBe(400);

      expect((await call(sandbox, 'POST', '/__sandbox/expire-tokens')).status).toBe(200);
      expect((await call(sandbox, 'POST', '/v1/vouchers', { token })).status).toBe(400);

      expect(sandbox.requestCount()).toBeGreaterThan(0);
      expect((await call(sandbox, 'POST', '/__sandbox/reset-stats')).status).toBe(200);
      expect(sandbox.requestCount()).toBe(0);
    });
  });

  it('says how late its event loop ran since the stats were reset (a stall moves the stamps it gives requests)', async () => {
    await withSandbox({}, async (sandbox) => {
      // Any process's timers run a little late: the measure fills as the loop turns...
      await until(() => sandbox.loopDelay().maxMs > 0, 'the loop delay to be measured');
      const stats = (await call(sandbox, 'GET', '/__sandbox/stats')).body as { loopDelay: { maxMs: number } };
      expect(stats.loopDelay.maxMs).toBeGreaterThan(0);
      // ...and starts again with the request log.
      sandbox.resetStats();
      expect(sandbox.loopDelay().maxMs).toBe(0);
    });
  });

  it('sets how long idle connections stay open, said in every answer or not (keepAlive)', async () => {
    await withSandbox({ keepAlive: { timeoutMs: 5000 } }, async (sandbox) => {
      expect((await call(sandbox, 'GET', '/v1/categories')).headers.get('keep-alive')).toBe('timeout=5');
      const set = await call(sandbox, 'POST', '/__sandbox/keep-alive', { body: { timeoutMs: 2500, announce: false } });
      expect(set.status).toBe(200);
      const quiet = await call(sandbox, 'GET', '/v1/categories');
      expect(quiet.headers.get('keep-alive')).toBeNull();
      expect(quiet.headers.get('connection')).toBe('keep-alive');
      expect((await call(sandbox, 'POST', '/__sandbox/keep-alive', { body: { timeoutMs: 2500 } })).status).toBe(200);
      expect((await call(sandbox, 'GET', '/v1/categories')).headers.get('keep-alive')).toBe('timeout=2');
      for (const body of [{}, { timeoutMs: 0 }, { timeoutMs: 1.5 }, { timeoutMs: 1000, announce: 'no' }]) {
        const refused = await call(sandbox, 'POST', '/__sandbox/keep-alive', { body });
        expect(refused.status).toBe(400);
      }
    });
  });
});
