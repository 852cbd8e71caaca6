import { setTimeout as delay } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { withSandbox } from '../../src/sandbox/index.ts';
import type { RateGate, RatePass } from '../../src/store/rate-gate/gate.ts';
import { SlidingWindowGate } from '../../src/store/rate-gate/memory.ts';
import { clientFor } from './helpers.ts';

/** A gate that counts what passes through it, delegating the limiting to the real one. */
class CountingGate implements RateGate {
  acquired = 0;
  paused: number[] = [];
  constructor(private readonly inner: RateGate) {}
  async acquire(): Promise<RatePass> {
    const pass = await this.inner.acquire();
    this.acquired += 1;
    return pass;
  }
  pause(ms: number): Promise<void> {
    this.paused.push(ms);
    return this.inner.pause(ms);
  }
}

describe('store client: rate limit', () => {
  it('never lets the store see more than `rate` requests in any second, logins included', async () => {
    await withSandbox({}, async (sandbox) => {
      // The sandbox stamps a request when its handler runs, in this same busy process; on a
      // loaded 2-core machine that lags our send by up to tens of ms, more than the default
      // 25 ms margin covers. A wider margin keeps this test about the gate, not the scheduler
      // (bench/store-rate-gate.ts measures the default gate against a store in its own process).
      const gate = new SlidingWindowGate({ rate: 20, marginMs: 150 });
      const client = clientFor(sandbox, { rate: 20 }, { gate });
      await Promise.all(Array.from({ length: 50 }, () => client.listCategories()));
      expect(sandbox.requestCount()).toBe(51);
      expect(sandbox.maxRequestsInWindow(1000)).toBeLessThanOrEqual(20);
      client.close();
    });
  });

  it('every request passes the injected gate: logins, re-logins and retries', async () => {
    await withSandbox({}, async (sandbox) => {
      const gate = new CountingGate(new SlidingWindowGate({ rate: 1000 }));
      const client = clientFor(sandbox, {}, { gate });
      await client.listTaxes();
      sandbox.inject({ kind: 'status502', path: '/v1/vouchers' });
      await client.listVouchers();
      sandbox.inject({ kind: 'expireToken', path: '/v1/categories' });
      await client.listCategories();
      // login, taxes, vouchers x2, categories denied, re-login, categories
      expect(sandbox.requestCount()).toBe(7);
      expect(gate.acquired).toBe(7);
      client.close();
    });
  });

  it("a store's 429 pauses every caller for Retry-After, and all calls get through", async () => {
    await withSandbox({ rateLimit: { max: 5 } }, async (sandbox) => {
      const gate = new CountingGate(new SlidingWindowGate({ rate: 1000 }));
      const client = clientFor(sandbox, {}, { gate, sleep: (ms) => delay(ms), maxAttempts: 10 });
      const results = await Promise.all(Array.from({ length: 12 }, () => client.listVouchers()));
      expect(results.every((list) => list.length === 2)).toBe(true);
      expect(gate.paused.length).toBeGreaterThan(0);
      expect(gate.paused.every((ms) => ms >= 1000)).toBe(true);
      expect(sandbox.requests().some((r) => r.status === 429)).toBe(true);
      client.close();
    });
  });
});
