/**
 * One ledger answers for one store, whatever the transport (issue 10): through the real CLI, the
 * sandbox store over HTTP and the shared Redis (a prefix of its own). Local, then redis
 * (the queue and a worker), then local again: every product is created once. And two stores
 * never share a ledger, in the per-user file as in Redis.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { createApp } from '../../src/app.ts';
import { resolveConfig } from '../../src/config.ts';
import { silentLogger } from '../../src/log.ts';
import type { BatchSummary } from '../../src/report/summary.ts';
import { cli } from '../intake/cli.ts';
import { createCount, productCsv, writeSheet } from '../intake/helpers.ts';
import { useUserWorld } from '../helpers/user-world.ts';

const u = useUserWorld('one-ledger');
const { store, userEnv, homeFile } = u;

it('local, then redis, then local again: each product is created once', async () => {
  const sandbox = await store();
  const first = await writeSheet(join(u.dir, 'first.csv'), productCsv(['ol-1', 'ol-2']));
  const both = await writeSheet(join(u.dir, 'both.csv'), productCsv(['ol-1', 'ol-2', 'ol-3', 'ol-4']));

  // Local: the per-user file ledger.
  expect((await cli(['import', first], userEnv(sandbox, false))).code).toBe(0);
  expect(createCount(sandbox)).toBe(2);
  expect(existsSync(homeFile(sandbox))).toBe(true);

  // With Redis, through the queue and a worker: Redis takes over the file's entries on first use.
  const app = createApp(resolveConfig(userEnv(sandbox, true)), silentLogger);
  const worker = await app.startWorker();
  try {
    const queued = await cli(['import', both, '--queue', 'redis', '--json'], userEnv(sandbox, true));
    expect(queued.code).toBe(0);
    const summary = JSON.parse(queued.stdout) as BatchSummary;
    expect(summary.counts.created).toBe(2);
    expect(summary.counts.skipped).toBe(2);
  } finally {
    await worker.close();
    await app.close();
  }
  expect(createCount(sandbox)).toBe(4);
  expect(existsSync(homeFile(sandbox))).toBe(false);
  expect(existsSync(`${homeFile(sandbox)}.moved`)).toBe(true);
  const note = JSON.parse(await readFile(`${homeFile(sandbox)}.moved-to-redis`, 'utf8')) as { entries: number };
  expect(note.entries).toBe(2);

  // Local again: Redis answers for this store now, so without it nothing is sent.
  const refused = await cli(['import', both], userEnv(sandbox, false));
  expect(refused.code).toBe(2);
  expect(refused.stderr).toContain('moved to Redis');
  expect(refused.stderr).toContain('set REDIS_URL');
  expect(createCount(sandbox)).toBe(4);

  // In this process again, but on the store's ledger in Redis: nothing is created twice.
  const local = await cli(['import', both, '--queue', 'local', '--json'], userEnv(sandbox, true));
  expect(local.code).toBe(0);
  expect((JSON.parse(local.stdout) as BatchSummary).counts.skipped).toBe(4);
  expect(createCount(sandbox)).toBe(4);
});

it('two stores never share entries: the same sheet creates its products in each, once', async () => {
  const [a, b] = [await store(), await store()];
  for (const withRedis of [false, true]) {
    // New products each round: Redis takes over each store's file entries, its own only.
    const codes = withRedis ? ['two-r1', 'two-r2'] : ['two-f1', 'two-f2'];
    const sheet = await writeSheet(join(u.dir, `${codes[0]}.csv`), productCsv(codes));
    const before = [createCount(a), createCount(b)];
    for (const sandbox of [a, b, a, b]) {
      expect((await cli(['import', sheet, '--queue', 'local'], userEnv(sandbox, withRedis))).code).toBe(0);
    }
    expect([createCount(a) - before[0]!, createCount(b) - before[1]!]).toEqual([2, 2]);
  }
});
