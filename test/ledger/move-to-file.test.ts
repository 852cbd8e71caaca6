/**
 * The way back from Redis (issue 10): `catalog-sync ledger move-to-file` copies the store's Redis
 * ledger into its per-user file and removes the take-over note, so runs without REDIS_URL use the
 * file again and still create nothing twice. Refused while a batch runs on the queue. The real
 * CLI, the sandbox over HTTP and the shared Redis (a prefix of its own).
 */
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeEach, expect, it } from 'vitest';
import { createApp } from '../../src/app.ts';
import { resolveConfig } from '../../src/config.ts';
import { redisLedgerKey } from '../../src/ledger/redis-store.ts';
import { scopeKeyPrefix, storeScope } from '../../src/store/identity.ts';
import { silentLogger } from '../../src/log.ts';
import type { BatchSummary } from '../../src/report/summary.ts';
import type { SandboxHandle } from '../../src/sandbox/index.ts';
import { until } from '../helpers/until.ts';
import { cli } from '../intake/cli.ts';
import { createCount, productCsv, writeSheet } from '../intake/helpers.ts';
import { keysUnder } from '../sync/helpers/redis.ts';
import { useUserWorld } from '../helpers/user-world.ts';

const u = useUserWorld('move-to-file');
let sandbox: SandboxHandle;
const userEnv = (withRedis: boolean) => u.userEnv(sandbox, withRedis);
const homeFile = () => u.homeFile(sandbox);

beforeEach(async () => {
  sandbox = await u.store();
});

it('moves the ledger back to the file: local runs work again and create nothing twice', async () => {
  const first = await writeSheet(join(u.dir, 'first.csv'), productCsv(['mf-1', 'mf-2']));
  const both = await writeSheet(join(u.dir, 'both.csv'), productCsv(['mf-1', 'mf-2', 'mf-3', 'mf-4']));
  expect((await cli(['import', first], userEnv(false))).code).toBe(0);
  // With Redis: it takes the file over, and two more products are created.
  expect((await cli(['import', both, '--queue', 'local'], userEnv(true))).code).toBe(0);
  expect(createCount(sandbox)).toBe(4);
  expect((await cli(['import', both], userEnv(false))).code).toBe(2); // Redis answers now

  const withoutRedis = await cli(['ledger', 'move-to-file'], userEnv(false));
  expect(withoutRedis.code).toBe(2);
  expect(withoutRedis.stderr).toContain('REDIS_URL');

  // A batch on the queue (no worker yet): refused, nothing moved.
  const waiting = cli(['import', both, '--wait', '--json'], userEnv(true));
  await until(
    async () => (await keysUnder(u.redis, u.prefix)).some((k) => k.includes(':engine:batch')),
    'the batch to be queued',
  );
  const refused = await cli(['ledger', 'move-to-file'], userEnv(true));
  expect(refused.code).toBe(2);
  expect(refused.stderr).toContain('still running');
  expect(existsSync(`${homeFile()}.moved-to-redis`)).toBe(true);
  const app = createApp(resolveConfig(userEnv(true)), silentLogger);
  const worker = await app.startWorker();
  try {
    const queued = await waiting;
    expect(queued.code).toBe(0);
    expect((JSON.parse(queued.stdout) as BatchSummary).counts.skipped).toBe(4);
  } finally {
    await worker.close();
    await app.close();
  }

  // One product's barcode linked to its product_id, in Redis: its record moves whole, both ways.
  const mf3 = sandbox.products().find((p) => p.fields.barcode === 'mf-3')!;
  const links = join(u.dir, 'links.csv');
  await writeFile(links, `product_id,barcode\n${mf3.product_id},mf-3\n`);
  expect((await cli(['ledger', 'link', '--from', links], userEnv(true))).code).toBe(0);

  // --yes, as a script that confirms every ledger change passes it, is accepted (nothing is asked).
  const moved = await cli(['ledger', 'move-to-file', '--yes'], userEnv(true));
  expect(moved.stderr).toBe('');
  expect(moved.code).toBe(0);
  expect(moved.stdout).toContain('5 entries'); // 4 products, one of them under two keys
  expect(existsSync(`${homeFile()}.moved-to-redis`)).toBe(false);
  expect(existsSync(homeFile())).toBe(true);
  // Nothing deleted: the Redis hash is kept under another name, and no longer answers.
  const scope = storeScope({ url: sandbox.url, account: sandbox.email });
  expect(await u.redis.exists(`${scopeKeyPrefix(u.prefix, scope)}:ledger-moved-to-file`)).toBe(1);
  expect(await u.redis.exists(redisLedgerKey(u.prefix, scope))).toBe(0);

  // Local again: the file answers, and knows every product; mf-3, linked, is updated by its barcode
  // (a full sync sends an update again), the other three are not created again.
  const local = await cli(['import', both, '--json'], userEnv(false));
  expect(local.code).toBe(0);
  expect((JSON.parse(local.stdout) as BatchSummary).counts).toMatchObject({ skipped: 3, updated: 1 });
  expect(createCount(sandbox)).toBe(4);
  const shown = await cli(['ledger', 'show', 'mf-3'], userEnv(false));
  expect(shown.stdout).toContain('synced');
  expect(shown.stdout).toContain(`also known as: product_id ${mf3.product_id}`);
  expect(shown.stdout).toContain('  title: Item mf-3');

  // And back into Redis, which takes the file over: the record as it was, found by either key.
  const back = await cli(['ledger', 'show', `product_id=${mf3.product_id}`], userEnv(true));
  expect(back.stdout).toContain('redis');
  expect(back.stdout).toContain('also known as: barcode mf-3');
  expect(back.stdout).toContain('  sale_price: 10');
});

it('a command with REDIS_URL that queues nothing (no worker: exit 2) leaves the ledger in its file; a batch that starts there moves it', async () => {
  const sheet = await writeSheet(join(u.dir, 'no-worker.csv'), productCsv(['nw-1', 'nw-2']));
  expect((await cli(['import', sheet], userEnv(false))).code).toBe(0);
  const scope = storeScope({ url: sandbox.url, account: sandbox.email });

  const refused = await cli(['import', sheet], userEnv(true));
  expect(refused.code).toBe(2);
  expect(refused.stderr).toContain('no worker serves the queue');
  expect(existsSync(`${homeFile()}.moved-to-redis`)).toBe(false);
  expect(existsSync(homeFile())).toBe(true);
  expect(await u.redis.exists(redisLedgerKey(u.prefix, scope))).toBe(0);

  // Without REDIS_URL the file still answers: no `ledger move-to-file` needed, nothing created again.
  const again = await cli(['import', sheet, '--json'], userEnv(false));
  expect(again.stderr).not.toContain('REDIS_URL');
  expect(again.code).toBe(0);
  expect((JSON.parse(again.stdout) as BatchSummary).counts.skipped).toBe(2);
  expect(createCount(sandbox)).toBe(2);

  // A batch that does start with REDIS_URL (here in this process) takes the file over, as before.
  expect((await cli(['import', sheet, '--queue', 'local'], userEnv(true))).code).toBe(0);
  expect(existsSync(`${homeFile()}.moved-to-redis`)).toBe(true);
  expect(await u.redis.hlen(redisLedgerKey(u.prefix, scope))).toBe(2);
  expect(createCount(sandbox)).toBe(2);
});
