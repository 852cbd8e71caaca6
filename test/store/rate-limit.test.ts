import { setTimeout as delay } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { maxInWindow, withSandbox } from '../../src/sandbox/index.ts';
import { startChildSandbox } from '../helpers/child-sandbox.ts';
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
    // The store in a process of its own: it stamps a request when its loop reaches it, and in this
    // process that loop is the client's too. The margin covers the store's own lateness on a loaded
    // 2-core machine (bench/store-rate-gate.ts measures the default 25 ms gate).
    const store = await startChildSandbox();
    try {
      const gate = new SlidingWindowGate({ rate: 20, marginMs: 150 });
      const client = clientFor(store, { rate: 20 }, { gate });
      await Promise.all(Array.from({ length: 50 }, () => client.listCategories()));
      client.close();
      const log = await store.requests();
      expect(log).toHaveLength(51);
      const late = await store.loopDelay();
      expect(
        maxInWindow(
          log.map((r) => r.at),
          1000,
        ),
        `worst 1 s window at the store (its loop ran up to ${late.maxMs.toFixed(0)} ms late)`,
      ).toBeLessThanOrEqual(20);
    } finally {
      await store.stop();
    }
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
