import { randomUUID } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { readdir, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileClaims, RedisClaims } from '../../src/intake/claims.ts';
import { claimedName, claimToken, dropBatchId, isIgnoredName, parseClaimedName } from '../../src/intake/drop-layout.ts';
import { REDIS_URL } from '../helpers/redis-url.ts';
import { useTempDir } from '../helpers/use-world.ts';

const tmp = useTempDir('claims', { once: true });

let redis: Redis;
const prefix = `test-${randomUUID()}`;

beforeAll(() => {
  redis = new Redis(REDIS_URL);
});

afterAll(async () => {
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
});

describe('drop folder names', () => {
  it.each([
    ['upload.csv.part', true],
    ['upload.tmp', true],
    ['~$products.xlsx', true],
    ['.DS_Store', true],
    ['x.csv.report.json', true],
    ['products.csv', false],
    ['products.xlsx', false],
  ])('%s ignored: %s', (name, ignored) => {
    expect(isIgnoredName(`/drop/inbox/${name}`)).toBe(ignored);
  });

  it('claims carry a token that names the batch with the content hash, and parse back', () => {
    const token = claimToken(Date.UTC(2026, 0, 22, 3, 15, 0), 'ab12cd');
    expect(token).toBe('20260122-031500-ab12cd');
    const claimed = claimedName(token, 'my--file.csv');
    expect(parseClaimedName(claimed)).toEqual({ token, name: 'my--file.csv' });
    expect(parseClaimedName('products.csv')).toBeNull();
    expect(dropBatchId(token, 'deadbeef0123')).toBe('20260122-031500-ab12cd-deadbeef');
  });
});

describe('FileClaims', () => {
  it('is exclusive while the holder lives, and taken over when its process is gone', async () => {
    const locks = join(tmp.dir, 'locks');
    const a = new FileClaims(locks);
    const b = new FileClaims(locks);
    expect(await a.tryClaim('x')).toBe(true);
    expect(await b.tryClaim('x')).toBe(false);
    await a.release('x');
    expect(await b.tryClaim('x')).toBe(true);
    await b.close();
    await a.close();

    // A lock left by a process that has exited (same host) is stale.
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout.toString();
    const c = new FileClaims(locks);
    expect(await c.tryClaim('y')).toBe(true);
    const [lock] = (await readdir(locks)).filter((n) => n.endsWith('.lock'));
    await writeFile(join(locks, lock!), JSON.stringify({ host: hostname(), pid: Number(dead), instance: 'gone' }));
    const d = new FileClaims(locks);
    expect(await d.tryClaim('y')).toBe(true);
    await Promise.all([c.close(), d.close()]);
  });
});

describe('RedisClaims', () => {
  it('is exclusive across holders, released by its holder only, and expires when not held', async () => {
    const a = new RedisClaims(redis, `${prefix}:c`, 60_000);
    const b = new RedisClaims(redis, `${prefix}:c`, 60_000);
    expect(await a.tryClaim('f', { hold: true })).toBe(true);
    expect(await b.tryClaim('f', { hold: true })).toBe(false);
    await b.release('f'); // not b's: no effect
    expect(await b.tryClaim('f')).toBe(false);
    await a.release('f');
    expect(await b.tryClaim('f', { hold: true })).toBe(true);
    await Promise.all([a.close(), b.close()]);

    const short = new RedisClaims(redis, `${prefix}:s`, 200);
    expect(await short.tryClaim('g')).toBe(true);
    expect(await redis.pttl(`${prefix}:s:g`)).toBeLessThanOrEqual(200);
    await short.close();
  });
});
