/** The live workers in Redis (src/app/leases/workers.ts): a heartbeat lists a worker, leaving or lapsing unlists it. */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterEach, beforeEach, expect, it } from 'vitest';
import {
  beat,
  LEASE_MS,
  leave,
  liveWorkers,
  renewEvery,
  workerKeys,
  type WorkerRecord,
} from '../../src/app/leases/workers.ts';
import { REDIS_URL } from '../helpers/redis-url.ts';

let redis: Redis;
let prefix: string;
beforeEach(() => {
  redis = new Redis(REDIS_URL);
  prefix = `test-${randomUUID()}`;
});
afterEach(async () => {
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
});

const record = (id: string, stores: WorkerRecord['stores'] = []): WorkerRecord => ({
  id,
  host: 'here',
  pid: 1,
  since: new Date(0).toISOString(),
  stores,
});

it('lists the workers that beat, with the stores they serve; one that leaves is gone at once', async () => {
  await beat(redis, prefix, record('a', [{ id: 's1', scope: 'x' }]));
  await beat(redis, prefix, record('b'));
  expect((await liveWorkers(redis, prefix)).map((w) => [w.id, w.stores.map((s) => s.id)])).toEqual([
    ['a', ['s1']],
    ['b', []],
  ]);
  await leave(redis, prefix, 'a');
  expect((await liveWorkers(redis, prefix)).map((w) => w.id)).toEqual(['b']);
});

it('a worker whose heartbeat lapsed is not live, and is taken out of the set', async () => {
  await beat(redis, prefix, record('a'));
  await beat(redis, prefix, record('dead'));
  // What a lapse leaves: the set still names it, its key has expired.
  await redis.del(workerKeys(prefix).worker('dead'));
  expect((await liveWorkers(redis, prefix)).map((w) => w.id)).toEqual(['a']);
  expect(await redis.smembers(workerKeys(prefix).live)).toEqual(['a']);
});

it('a heartbeat lives LEASE_MS: renewed, not piled up', async () => {
  await beat(redis, prefix, record('a'));
  const ttl = await redis.pttl(workerKeys(prefix).worker('a'));
  expect(ttl).toBeGreaterThan(LEASE_MS - 5_000);
  expect(ttl).toBeLessThanOrEqual(LEASE_MS);
});

it('a heartbeat lives the lease it is given (WORKER_LEASE_MS), renewed every third of it', async () => {
  await beat(redis, prefix, record('a'), 3_000);
  const ttl = await redis.pttl(workerKeys(prefix).worker('a'));
  expect(ttl).toBeGreaterThan(0);
  expect(ttl).toBeLessThanOrEqual(3_000);
  expect(renewEvery(3_000)).toBe(1_000);
  expect(renewEvery(LEASE_MS)).toBe(5_000);
});
