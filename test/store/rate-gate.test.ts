import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { windowFor } from '../../src/store/rate-gate/gate.ts';
import { SlidingWindowGate } from '../../src/store/rate-gate/memory.ts';

/** The most start times falling in any window [t, t + windowMs). */
function maxInWindow(starts: number[], windowMs: number): number {
  let best = 0;
  for (let i = 0, j = 0; i < starts.length; i += 1) {
    while (starts[i]! - starts[j]! >= windowMs) j += 1;
    best = Math.max(best, i - j + 1);
  }
  return best;
}

describe('windowFor', () => {
  it.each<[number, number, number]>([
    [5, 5, 1000],
    [20, 20, 1000],
    [2.5, 2, 1000],
    [0.5, 1, 2000],
  ])('rate %f -> %i per %i ms', (rate, capacity, windowMs) => {
    expect(windowFor(rate)).toEqual({ capacity, windowMs });
  });

  it('refuses a rate that is not positive', () => {
    expect(() => windowFor(0)).toThrow(RangeError);
  });
});

describe('SlidingWindowGate (fake timers)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 0 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /**
   * Acquires `count` times in order and reports each request sent `sendMs` after its release
   * (as the client does); resolves with the send time of each.
   */
  async function run(
    gate: SlidingWindowGate,
    count: number,
    onStart?: (index: number) => void,
    sendMs = () => 0,
  ): Promise<number[]> {
    const starts: number[] = [];
    const all = Array.from({ length: count }, (_, index) =>
      gate.acquire().then(async (pass) => {
        onStart?.(index);
        const lag = sendMs();
        if (lag > 0) await new Promise((resolve) => setTimeout(resolve, lag));
        starts.push(Date.now());
        pass.sent();
      }),
    );
    await vi.runAllTimersAsync();
    await Promise.all(all);
    return starts;
  }

  it.each([20, 100])('never lets more than rate %i start in any second, and reaches the rate', async (rate) => {
    const gate = new SlidingWindowGate({ rate, now: () => Date.now() });
    const starts = await run(gate, rate * 10);
    expect(maxInWindow(starts, 1000)).toBe(rate);
    // Steady state: once the first window is full, each further request waits for a slot.
    const steadyRate = ((starts.length - rate) / (starts.at(-1)! - starts[rate - 1]!)) * 1000;
    expect(steadyRate).toBeGreaterThanOrEqual(rate * 0.95);
  });

  it('counts a request from when it was sent, so a slow send cannot crowd the next window', async () => {
    const gate = new SlidingWindowGate({ rate: 10, now: () => Date.now() });
    let i = 0;
    // Every third request takes 300 ms to leave (a new connection, a busy CPU).
    const starts = await run(gate, 60, undefined, () => (i++ % 3 === 0 ? 300 : 1));
    starts.sort((a, b) => a - b);
    expect(maxInWindow(starts, 1000)).toBeLessThanOrEqual(10);
  });

  it('a pass given back unused frees its slot at once', async () => {
    const gate = new SlidingWindowGate({ rate: 2, burstSpacing: 0, now: () => Date.now() });
    const [a, b] = await Promise.all([gate.acquire(), gate.acquire()]);
    a.unused();
    b.sent();
    const third = gate.acquire().then(() => Date.now());
    await vi.runAllTimersAsync();
    expect(await third).toBe(0);
  });

  it('without sent() reports, counts from the release', async () => {
    const gate = new SlidingWindowGate({ rate: 5, awaitsSent: false, now: () => Date.now() });
    const released: number[] = [];
    const all = Array.from({ length: 15 }, () => gate.acquire().then(() => released.push(Date.now())));
    await vi.runAllTimersAsync();
    await Promise.all(all);
    expect(maxInWindow(released, 1000)).toBe(5);
    expect(released.at(-1)).toBeLessThan(3000);
  });

  it('property: whatever the send delays, pauses and arrival times, no window holds more than the rate', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 30 }),
        fc.array(
          fc.record({
            arriveAfter: fc.nat(300),
            sendLag: fc.nat(400),
            pauseMs: fc.oneof(fc.constant(0), fc.nat(1500)),
          }),
          { minLength: 1, maxLength: 80 },
        ),
        async (rate, requests) => {
          vi.setSystemTime(0);
          const gate = new SlidingWindowGate({ rate, marginMs: 0, now: () => Date.now() });
          const sentAt: number[] = [];
          let arrival = 0;
          const all = requests.map(async ({ arriveAfter, sendLag, pauseMs }) => {
            arrival += arriveAfter;
            await new Promise((resolve) => setTimeout(resolve, arrival));
            if (pauseMs > 0) await gate.pause(pauseMs);
            const pass = await gate.acquire();
            await new Promise((resolve) => setTimeout(resolve, sendLag));
            sentAt.push(Date.now());
            pass.sent();
          });
          await vi.runAllTimersAsync();
          await Promise.all(all);
          expect(sentAt).toHaveLength(requests.length);
          expect(maxInWindow(sentAt, 1000)).toBeLessThanOrEqual(Math.floor(rate));
        },
      ),
      { numRuns: 60 },
    );
  });

  it('releases a burst at a high rate faster than one request per timer tick, still spaced', async () => {
    // Spacing at rate 4000 is 0.125 ms, finer than a timer can wait: waiting a timer turn per
    // release held a burst to one request a millisecond (1,000/s whatever the store allowed).
    const gate = new SlidingWindowGate({ rate: 4000, now: () => Date.now() });
    const starts = await run(gate, 400);
    expect(starts.at(-1)! - starts[0]!).toBeLessThanOrEqual(60);
    expect(maxInWindow(starts, 1)).toBeLessThanOrEqual(10);
  });

  it('serves waiters in order', async () => {
    const gate = new SlidingWindowGate({ rate: 3, now: () => Date.now() });
    const order: number[] = [];
    await run(gate, 10, (index) => order.push(index));
    expect(order).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('holds every caller during a pause', async () => {
    const gate = new SlidingWindowGate({ rate: 100, now: () => Date.now() });
    await gate.pause(5000);
    const starts = await run(gate, 5);
    expect(Math.min(...starts)).toBeGreaterThanOrEqual(5000);
  });

  it('says a pass held into a pause must not be used until the pause ends', async () => {
    const gate = new SlidingWindowGate({ rate: 100, now: () => Date.now() });
    const held = await gate.acquire(); // e.g. waiting for a request slot
    expect(held.expired()).toBe(false);
    await gate.pause(1000); // another request met a 429
    expect(held.expired()).toBe(true);
    held.unused();
    const again = gate.acquire();
    await vi.advanceTimersByTimeAsync(1000);
    const pass = await again;
    expect(Date.now()).toBeGreaterThanOrEqual(1000);
    expect(pass.expired()).toBe(false);
    pass.sent();
  });

  it('spreads a sub-1 rate over a longer window', async () => {
    const gate = new SlidingWindowGate({ rate: 0.5, now: () => Date.now(), marginMs: 0 });
    const starts = await run(gate, 3);
    expect(starts).toEqual([0, 2000, 4000]);
  });
});
