import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisRateGate } from '../../src/store/rate-gate/redis.ts';
import { setStoreRate } from '../../src/store/rate-gate/store-rate.ts';
import { deleteKeys } from './helpers/redis.ts';
import { REDIS_URL } from '../helpers/redis-url.ts';

let redis: Redis[];
const prefix = `test-${randomUUID()}`;

beforeAll(() => {
  redis = [0, 1, 2].map(() => new Redis(REDIS_URL, { lazyConnect: false }));
});
afterAll(async () => {
  await deleteKeys(redis[0]!, prefix);
  await Promise.all(redis.map((r) => r.quit()));
});

function worstWindow(times: number[], windowMs: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  let worst = 0;
  let start = 0;
  for (let end = 0; end < sorted.length; end++) {
    while (sorted[end]! - sorted[start]! >= windowMs) start++;
    worst = Math.max(worst, end - start + 1);
  }
  return worst;
}

describe('RedisRateGate', () => {
  it('never lets more than the rate leave in any 1-second window across three processes, however late each sends', async () => {
    // Three connections stand for three processes. The first ten requests admitted leave 1.5 s
    // later (a CPU-starved new process, a login): a late request must still count in the window it
    // leaves in, not free its slot for others when it was admitted a window earlier. Send times are taken on this host's clock, which is Redis's clock too; each is
    // taken after admission and before the gate hears of the send, as the store client does.
    const sentAt: number[] = [];
    const gates = redis.map((r) => new RedisRateGate({ redis: r, prefix: `${prefix}:a`, rate: 20 }));
    let n = 0;
    await Promise.all(
      gates.flatMap((gate) =>
        Array.from({ length: 20 }, async () => {
          const pass = await gate.acquire();
          if (n++ < 10) await delay(1500);
          sentAt.push(Date.now());
          pass.sent();
        }),
      ),
    );
    expect(sentAt).toHaveLength(60);
    expect(worstWindow(sentAt, 1000)).toBeLessThanOrEqual(20);
  });

  it("follows the store's rate set after it was made (a worker started before import --rate): read on every admission", async () => {
    const gatePrefix = `${prefix}:follow`;
    const gate = new RedisRateGate({ redis: redis[0]!, prefix: gatePrefix, rate: 5 }); // a worker's default RATE
    await setStoreRate(redis[1]!, gatePrefix, 40); // import --rate 40, in another process
    // Passes held, never sent: only the store's capacity admits all 40 (at the gate's own 5 the
    // sixth would wait 15 s for a hold to lapse, and the set would never hold 40).
    const passes = await Promise.all(Array.from({ length: 40 }, () => gate.acquire()));
    expect(await redis[0]!.zcard(`${gatePrefix}:rate`)).toBe(40);
    await setStoreRate(redis[1]!, gatePrefix, 45);
    passes.push(...(await Promise.all(Array.from({ length: 5 }, () => gate.acquire()))));
    expect(await redis[0]!.zcard(`${gatePrefix}:rate`)).toBe(45);
    for (const pass of passes) pass.unused();
  });

  it('frees a slot given back unused at once, and one never reported sent after holdMs', async () => {
    const gate = new RedisRateGate({ redis: redis[0]!, prefix: `${prefix}:c`, rate: 2, holdMs: 300 });
    const unused = await gate.acquire();
    await gate.acquire(); // never reported: its process was killed
    unused.unused();
    await gate.acquire(); // the unused slot
    const before = Date.now();
    await gate.acquire(); // waits for the abandoned pass's hold to lapse
    expect(Date.now() - before).toBeGreaterThanOrEqual(250);
  });

  it('says a pass held past lateMs has expired', async () => {
    let now = 1_000;
    const gate = new RedisRateGate({ redis: redis[1]!, prefix: `${prefix}:d`, rate: 5, lateMs: 100, now: () => now });
    const pass = await gate.acquire();
    expect(pass.expired()).toBe(false);
    now += 101;
    expect(pass.expired()).toBe(true);
    pass.unused();
  });

  it('says a pass held into a pause this process asked for has expired, until the pause ends', async () => {
    let now = 1_000;
    const gate = new RedisRateGate({ redis: redis[1]!, prefix: `${prefix}:e`, rate: 5, now: () => now });
    const held = await gate.acquire(); // e.g. waiting for a request slot
    expect(held.expired()).toBe(false);
    await gate.pause(500); // another of this process's requests met a 429
    expect(held.expired()).toBe(true);
    // Asked for after the pause began: Redis judged it (here its pause key is gone, as after a
    // Redis restart), so this process does not give it back again and again.
    await redis[1]!.del(`${prefix}:e:rate:pause`);
    now += 1;
    const later = await gate.acquire();
    expect(later.expired()).toBe(false);
    now += 499;
    expect(held.expired()).toBe(false);
    held.unused();
    later.unused();
  });

  it('tells Redis of a send with its next admission call, or soon on its own: it counts from when it left, never earlier', async () => {
    const key = `${prefix}:told:rate`;
    const gate = new RedisRateGate({ redis: redis[0]!, prefix: `${prefix}:told`, rate: 1 });
    const first = await gate.acquire();
    const left = Date.now();
    first.sent();
    // No admission call comes: told on its own, scored (microseconds) from no earlier than it left.
    const score = async () => Number((await redis[1]!.zrange(key, '0', '-1', 'WITHSCORES'))[1]);
    await expect.poll(async () => (await score()) <= Date.now() * 1000).toBe(true);
    expect(await score()).toBeGreaterThanOrEqual(left * 1000);
    const second = await gate.acquire();
    const secondLeft = Date.now();
    second.sent();
    // Told by the admission call of the third, which waits a window from the second's send.
    const third = await gate.acquire();
    expect(Date.now() - secondLeft).toBeGreaterThanOrEqual(1000);
    third.unused();
  });

  it('holds every process while paused', async () => {
    const [a, b] = redis.map((r) => new RedisRateGate({ redis: r, prefix: `${prefix}:b`, rate: 100 }));
    const before = Date.now();
    await a!.pause(400);
    await b!.acquire();
    expect(Date.now() - before).toBeGreaterThanOrEqual(380);
  });
});
