import { describe, expect, it } from 'vitest';
import { maxInWindow, withSandbox } from '../../src/sandbox/index.ts';
import { call, login } from './helpers.ts';

describe('maxInWindow', () => {
  it.each([
    [[], 1000, 0],
    [[5], 1000, 1],
    [[0, 999], 1000, 2],
    [[0, 1000], 1000, 1], // half-open window [t, t + 1000)
    [[0, 10, 20, 1500, 1600, 1700, 1800], 1000, 4],
    [[1800, 0, 1600, 10, 1700, 20, 1500], 1000, 4], // unsorted input is sorted first
    [[0, 10, 20, 1500], 2000, 4],
  ])('%j in %i ms -> %i', (times, windowMs, expected) => {
    expect(maxInWindow(times, windowMs)).toBe(expected);
  });

  it('handles 100k timestamps in one pass', () => {
    const times = Array.from({ length: 100_000 }, (_, i) => i); // 1 request per ms
    expect(maxInWindow(times, 1000)).toBe(1000);
  });
});

describe('request log and statistics', () => {
  it('records every /v1 request when received (method, path, status, body and its bytes), oldest first', async () => {
    let now = 1_000_000;
    await withSandbox({ clock: () => now }, async (sandbox) => {
      const { access_token: token } = await login(sandbox);
      now += 10;
      await call(sandbox, 'POST', '/v1/create_product', { token, body: { title: 'a' } });
      now += 10;
      await call(sandbox, 'POST', '/v1/create_product', { token, body: {} });
      now += 1500;
      await call(sandbox, 'GET', '/v1/categories', { token });
      expect(sandbox.requests()).toEqual([
        {
          at: 1_000_000,
          method: 'POST',
          path: '/v1/authorization',
          status: 200,
          body: { email: sandbox.email, password: '[redacted]' },
        },
        {
          at: 1_000_010,
          method: 'POST',
          path: '/v1/create_product',
          status: 200,
          body: { title: 'a' },
          bodyText: '{"title":"a"}',
          tokenForm: 'bare',
        },
        {
          at: 1_000_020,
          method: 'POST',
          path: '/v1/create_product',
          status: 400,
          body: {},
          bodyText: '{}',
          tokenForm: 'bare',
        },
        { at: 1_001_520, method: 'GET', path: '/v1/categories', status: 200, tokenForm: 'bare' },
      ]);
      expect(sandbox.requestCount()).toBe(4);
      expect(sandbox.requestCount('/v1/create_product')).toBe(2);
      expect(sandbox.maxRequestsInWindow()).toBe(3);
      expect(sandbox.maxRequestsInWindow(2000)).toBe(4);
      sandbox.resetStats();
      expect(sandbox.requests()).toEqual([]);
      expect(sandbox.maxRequestsInWindow()).toBe(0);
      expect(sandbox.products()).toHaveLength(1); // stats only
    });
  });

  it('leaves bodies out with recordBodies: false', async () => {
    await withSandbox({ recordBodies: false }, async (sandbox) => {
      const { access_token: token } = await login(sandbox);
      await call(sandbox, 'POST', '/v1/create_product', { token, body: { title: 'a' } });
      expect(sandbox.requests().every((r) => !('body' in r))).toBe(true);
    });
  });

  it('counts concurrent requests received together in one window', async () => {
    await withSandbox({ recordBodies: false }, async (sandbox) => {
      const { access_token: token } = await login(sandbox);
      await Promise.all(Array.from({ length: 50 }, () => call(sandbox, 'POST', '/v1/vouchers', { token })));
      expect(sandbox.requestCount('/v1/vouchers')).toBe(50);
      expect(sandbox.maxRequestsInWindow(60_000)).toBe(51);
    });
  });
});
