import { describe, expect, it } from 'vitest';
import { withSandbox } from '../../src/sandbox/index.ts';
import { SlidingWindowLimiter } from '../../src/sandbox/rate-limit.ts';
import { call, login, storeErrorBody } from './helpers.ts';

describe('SlidingWindowLimiter', () => {
  it('admits max requests in any window and names the whole seconds until a slot frees', () => {
    const limiter = new SlidingWindowLimiter({ max: 2, windowMs: 2500 });
    expect(limiter.admit(0)).toEqual({ ok: true });
    expect(limiter.admit(100)).toEqual({ ok: true });
    expect(limiter.admit(200)).toEqual({ ok: false, retryAfterSeconds: 3 }); // 2300 ms left
    expect(limiter.admit(2499)).toEqual({ ok: false, retryAfterSeconds: 1 }); // 1 ms left: never 0
    expect(limiter.admit(2500)).toEqual({ ok: true }); // the request at 0 left the window
    expect(limiter.admit(2550)).toEqual({ ok: false, retryAfterSeconds: 1 });
    expect(limiter.admit(2600)).toEqual({ ok: true });
  });

  it('does not count refused requests', () => {
    const limiter = new SlidingWindowLimiter({ max: 1 });
    expect(limiter.admit(0).ok).toBe(true);
    for (let t = 1; t < 1000; t += 100) expect(limiter.admit(t).ok).toBe(false);
    expect(limiter.admit(1000).ok).toBe(true);
  });

  it('refuses nonsense limits', () => {
    expect(() => new SlidingWindowLimiter({ max: 0 })).toThrow(/max/);
    expect(() => new SlidingWindowLimiter({ max: 1, windowMs: 0 })).toThrow(/windowMs/);
  });
});

describe('rate limit over HTTP', () => {
  it('answers 429 Too many requests with Retry-After beyond max per window, logins included, until the window slides', async () => {
    let now = 1_700_000_000_000;
    await withSandbox({ rateLimit: { max: 3, windowMs: 10_000 }, clock: () => now }, async (sandbox) => {
      const { access_token: token } = await login(sandbox); // 1
      expect((await call(sandbox, 'POST', '/v1/vouchers', { token })).status).toBe(200); // 2
      now += 4_000;
      expect((await call(sandbox, 'POST', '/v1/taxes', { token })).status).toBe(200); // 3
      const limited = await call(sandbox, 'POST', '/v1/create_product', { token, body: { title: 'x' } });
      expect(limited.status).toBe(429);
      expect(limited.body).toEqual(storeErrorBody(429, 'Too many requests'));
      expect(limited.headers.get('retry-after')).toBe('6');
      expect(sandbox.products()).toEqual([]);
      const loginLimited = await call(sandbox, 'POST', '/v1/authorization', {
        body: { email: sandbox.email, password: sandbox.password },
      });
      expect(loginLimited.status).toBe(429);
      now += 6_000; // the first two left the window
      expect((await call(sandbox, 'POST', '/v1/create_product', { token, body: { title: 'x' } })).status).toBe(200);
      expect(sandbox.products()).toHaveLength(1);
      expect(sandbox.requestCount()).toBe(6);
      expect(sandbox.maxRequestsInWindow(10_000)).toBe(5); // received, 429s included
    });
  });

  it('can be set, changed and lifted at run time', async () => {
    const now = 1_700_000_000_000;
    await withSandbox({ clock: () => now }, async (sandbox) => {
      const { access_token: token } = await login(sandbox);
      sandbox.setRateLimit({ max: 1 });
      expect((await call(sandbox, 'POST', '/v1/vouchers', { token })).status).toBe(200);
      const limited = await call(sandbox, 'POST', '/v1/vouchers', { token });
      expect(limited.status).toBe(429);
      expect(limited.headers.get('retry-after')).toBe('1');
      sandbox.setRateLimit(null);
      expect((await call(sandbox, 'POST', '/v1/vouchers', { token })).status).toBe(200);
    });
  });
});
