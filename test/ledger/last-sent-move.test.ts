/**
 * The last values sent move with the ledger: into Redis when it takes the file ledger over, back
 * into the file with `ledger move-to-file`; the guard knows the prices after each move. The real
 * CLI, the sandbox over HTTP and the shared Redis (a prefix of its own).
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { createApp } from '../../src/app.ts';
import { resolveConfig } from '../../src/config.ts';
import { scopedLedgerFile } from '../../src/ledger/file-store.ts';
import { silentLogger } from '../../src/log.ts';
import { storeIdentityOf, storeScope } from '../../src/store/identity.ts';
import { startSandbox, type SandboxHandle } from '../../src/sandbox/index.ts';
import { cli } from '../intake/cli.ts';
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
  dir = await mkdtemp(join(tmpdir(), 'last-sent-move-'));
  prefix = `test-last-sent-move-${randomUUID()}`;
  sandbox = await startSandbox();
});
afterEach(async () => {
  await sandbox.close();
  await deleteKeys(redis, prefix);
  await rm(dir, { recursive: true, force: true });
});

function env(withRedis: boolean): Record<string, string> {
  return {
    STORE_URL: sandbox.url,
    STORE_EMAIL: sandbox.email,
    STORE_PASSWORD: sandbox.password,
    REPORT_DIR: join(dir, 'reports'),
    LEDGER_FILE: join(dir, 'ledger.jsonl'),
    ...(withRedis ? { REDIS_URL, QUEUE_PREFIX: prefix } : {}),
  };
}

/** What the app says was last sent for the product, where its ledger is now. */
async function lastSentOf(productId: number, withRedis: boolean): Promise<unknown> {
  const app = createApp(resolveConfig(env(withRedis)), silentLogger);
  try {
    return (await (await app.lastSent()).getMany([`p:${productId}`]))[0];
  } finally {
    await app.close();
  }
}

it('moves into Redis with the ledger and back to the file, and the guard knows the price after each move', async () => {
  const id = sandbox.seedProduct({ title: 'Lamp', sale_price: 1, category: 1 }).product_id;
  const sheet = join(dir, 'price.csv');
  await writeFile(sheet, `product_id,sale_price\n${id},100\n`);
  expect((await cli(['import', sheet], env(false))).code).toBe(0);
  expect(await lastSentOf(id, false)).toEqual({ sale_price: 100 });

  // Any command that opens the ledger with REDIS_URL takes it over, and the values with it.
  expect((await cli(['ledger', 'show', `product_id=${id}`], env(true))).code).toBe(0);
  expect(await lastSentOf(id, true)).toEqual({ sale_price: 100 });
  expect(existsSync(`${ledgerFile()}.last-sent.moved`)).toBe(true);

  expect((await cli(['ledger', 'move-to-file'], env(true))).code).toBe(0);
  expect(await lastSentOf(id, false)).toEqual({ sale_price: 100 });
  await writeFile(sheet, `product_id,sale_price\n${id},30\n`);
  const held = await cli(['import', sheet], env(false));
  expect(held.code).toBe(2);
  expect(held.stderr).toContain(`row 2 sale_price 100 -> 30`);
});

/** The store's file ledger (LEDGER_FILE, scoped to the store). */
function ledgerFile(): string {
  const config = resolveConfig(env(false));
  return scopedLedgerFile(config.ledgerFile!, storeScope(storeIdentityOf(config)));
}

it.each([
  ['the file', false],
  ['Redis', true],
])('ledger forget drops the values last sent in %s', async (_where, withRedis) => {
  const id = sandbox.seedProduct({ title: 'Lamp', sale_price: 1, category: 1 }).product_id;
  const sheet = join(dir, 'price.csv');
  await writeFile(sheet, `product_id,sale_price\n${id},100\n`);
  // Rows run here (no worker needed); with REDIS_URL the ledger and its values are in Redis.
  expect((await cli(['import', sheet, '--queue', 'local'], env(withRedis))).code).toBe(0);
  expect(await lastSentOf(id, withRedis)).toEqual({ sale_price: 100 });
  expect((await cli(['ledger', 'forget', `product_id=${id}`, '--yes'], env(withRedis))).code).toBe(0);
  expect(await lastSentOf(id, withRedis)).toBeUndefined();
});
