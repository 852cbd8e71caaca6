import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisRateGate } from '../../src/store/rate-gate/redis.ts';
import { deleteKeys } from './helpers/redis.ts';

let redis: Redis[];
const prefix = `test-${randomUUID()}`;

beforeAll(() => {
  redis = [0, 1, 2].map(() => new Redis({ host: '127.0.0.1', port: 6379, lazyConnect: false }));
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
  it('never admits more than the rate in any 1-second window across three processes', async () => {
    // The admission times are the ones Redis recorded (the score each admission's ZADD wrote, by
    // Redis's clock), read from MONITOR, not this process's clock after an await.
    const monitor = await redis[0]!.monitor();
    const windowKey = `${prefix}:a:rate`;
    const admitted: number[] = [];
    const marker = `end-${randomUUID()}`;
    const seenAll = new Promise<void>((resolve) =>
      monitor.on('monitor', (_time: string, args: string[]) => {
        if (args[0]?.toUpperCase() === 'ZADD' && args[1] === windowKey && args[2] !== 'GT')
          admitted.push(Number(args[2]) / 1000);
        if (args[0]?.toUpperCase() === 'ECHO' && args[1] === marker) resolve();
      }),
    );
    try {
      const gates = redis.map((r) => new RedisRateGate({ redis: r, prefix: `${prefix}:a`, rate: 20 }));
      await Promise.all(gates.flatMap((gate) => Array.from({ length: 20 }, () => gate.acquire())));
      // MONITOR reports commands in the order Redis ran them: once the marker is seen, so is every admission.
      await redis[1]!.echo(marker);
      await seenAll;
    } finally {
      monitor.disconnect();
    }
    expect(admitted).toHaveLength(60);
    expect(worstWindow(admitted, 1000)).toBeLessThanOrEqual(20);
  });

  it('holds every process while paused', async () => {
    const [a, b] = redis.map((r) => new RedisRateGate({ redis: r, prefix: `${prefix}:b`, rate: 100 }));
    const before = Date.now();
    await a!.pause(400);
    await b!.acquire();
    expect(Date.now() - before).toBeGreaterThanOrEqual(380);
  });
});
