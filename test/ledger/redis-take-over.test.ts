/**
 * The Redis ledger moved under the store's key prefix (`<prefix>:{<scope>}:ledger`, the store's
 * hash slot on a Redis Cluster). On one Redis server, the hash an earlier version kept at
 * `<prefix>:ledger:<scope>` is taken over once, atomically, by the first command that opens the
 * ledger: nothing it knows is created again, and a process of the earlier version still running
 * meets a text at the old key, so its ledger calls fail (its rows end unsent) instead of finding
 * an empty ledger and creating again.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import {
  adoptLegacyRedisLedger,
  legacyRedisLedgerKey,
  RedisLedger,
  redisLedgerKey,
} from '../../src/ledger/redis-store.ts';
import type { LedgerEntry } from '../../src/ledger/ledger.ts';
import type { BatchSummary } from '../../src/report/summary.ts';
import { startSandbox, type SandboxHandle } from '../../src/sandbox/index.ts';
import { storeScope } from '../../src/store/identity.ts';
import { cli } from '../intake/cli.ts';
import { createCount, productCsv, writeSheet } from '../intake/helpers.ts';
import { deleteKeys } from '../sync/helpers/redis.ts';

const REDIS_URL = 'redis://127.0.0.1:6379';
let redis: Redis;
let dir: string;
let prefix: string;
let sandbox: SandboxHandle;

beforeAll(() => {
  redis = new Redis(REDIS_URL);
});
afterAll(async () => {
  await redis.quit();
});
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'redis-take-over-'));
  prefix = `test-take-over-${randomUUID()}`;
  sandbox = await startSandbox();
});
afterEach(async () => {
  await sandbox.close();
  await deleteKeys(redis, prefix);
  await rm(dir, { recursive: true, force: true });
});

const env = (): Record<string, string> => ({
  STORE_URL: sandbox.url,
  STORE_EMAIL: sandbox.email,
  STORE_PASSWORD: sandbox.password,
  REPORT_DIR: join(dir, 'reports'),
  REDIS_URL,
  QUEUE_PREFIX: prefix,
});

async function importSheet(name: string, barcodes: string[]): Promise<BatchSummary> {
  const sheet = await writeSheet(join(dir, name), productCsv(barcodes));
  const run = await cli(['import', sheet, '--queue', 'local', '--json'], env());
  if (run.code !== 0) throw new Error(`import exited ${run.code}: ${run.stderr}`);
  return JSON.parse(run.stdout) as BatchSummary;
}

const scope = (): string => storeScope({ url: sandbox.url, account: sandbox.email });

it("takes an earlier version's ledger over: nothing it knows is created again, and that version's processes can no longer use the old key", async () => {
  expect((await importSheet('first.csv', ['to-1', 'to-2'])).counts.created).toBe(2);
  // Redis as an earlier version left it: the store's ledger at the old key, none at the new.
  const [oldKey, newKey] = [legacyRedisLedgerKey(prefix, scope()), redisLedgerKey(prefix, scope())];
  await redis.del(oldKey);
  await redis.rename(newKey, oldKey);

  const second = await importSheet('second.csv', ['to-1', 'to-2', 'to-3']);
  expect(second.counts).toMatchObject({ created: 1, skipped: 2 });
  expect(createCount(sandbox)).toBe(3);
  expect((await redis.hkeys(newKey)).sort()).toEqual(['k:barcode:to-1', 'k:barcode:to-2', 'k:barcode:to-3']);

  // An earlier version's lookup and claim at the old key now fail: its row ends unsent.
  expect(await redis.type(oldKey)).toBe('string');
  await expect(redis.hmget(oldKey, 'k:barcode:to-4')).rejects.toThrow(/WRONGTYPE/);
  await expect(redis.hsetnx(oldKey, 'k:barcode:to-4', 'x')).rejects.toThrow(/WRONGTYPE/);

  // Once: a later command moves nothing, and its ledger still knows every product.
  expect((await importSheet('third.csv', ['to-1', 'to-2', 'to-3'])).counts.skipped).toBe(3);
  expect(createCount(sandbox)).toBe(3);
});

it('with no earlier ledger, the old key is closed too: an earlier version started later cannot begin a second ledger there', async () => {
  await importSheet('first.csv', ['fresh-1']);
  const oldKey = legacyRedisLedgerKey(prefix, scope());
  expect(await redis.type(oldKey)).toBe('string');
  expect(await redis.get(oldKey)).toContain(redisLedgerKey(prefix, scope()));
  await expect(redis.hsetnx(oldKey, 'k:barcode:fresh-2', 'x')).rejects.toThrow(/WRONGTYPE/);
});

it("both keys holding a ledger: the old one's entries are merged in, the new key's entry standing for a key both hold", async () => {
  const entry = (batch: string): LedgerEntry => ({ fp: `fp-${batch}`, st: 'synced', batch, row: 2 });
  const store = `merge-${randomUUID()}`;
  const ledger = new RedisLedger(redis, prefix, store);
  await ledger.setMany([['both', entry('new')]]);
  const old = legacyRedisLedgerKey(prefix, store);
  await redis.hset(old, 'both', JSON.stringify(entry('old')), 'only-old', JSON.stringify(entry('old')));

  expect(await adoptLegacyRedisLedger(redis, prefix, store)).toBe(1);
  expect(await ledger.getMany(['both', 'only-old'])).toEqual([entry('new'), entry('old')]);
  expect(await redis.type(old)).toBe('string');
  expect(await adoptLegacyRedisLedger(redis, prefix, store)).toBe(0);
});
