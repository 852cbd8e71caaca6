/**
 * A create is marked in flight only as its request leaves, not while it waits for the rate gate:
 * a worker killed with SIGKILL while most of its rows wait for the gate leaves them unmarked, and
 * the restarted worker simply sends them. Only a row whose create the store did receive may end
 * `unknown`; the sandbox's request log (with bodies) is the judge.
 */
import { randomUUID } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { Redis } from 'ioredis';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { enqueueSync, waitForBatch } from '../../src/sync/index.ts';
import { engineKeys } from '../../src/sync/queue/keys.ts';
import { kill, startWorkerProcess } from './helpers/processes.ts';
import { deleteKeys } from './helpers/redis.ts';
import { startWorld, type World } from './helpers/world.ts';
import { until } from '../helpers/until.ts';
import { REDIS_URL } from '../helpers/redis-url.ts';

const ROWS = 30;

let world: World;
let children: ChildProcess[];
beforeEach(async () => {
  world = await startWorld({ latencyMs: 30, recordBodies: true });
  children = [];
});
afterEach(async () => {
  for (const child of children) await kill(child, 'SIGKILL');
  await world.close();
});

it('rows waiting for the rate gate in a killed worker are sent after the restart and end created', async () => {
  const redis = new Redis(REDIS_URL);
  const prefix = `test-${randomUUID()}`;
  // Eight rows in flight, four requests a second: most rows in a slot are waiting for the gate.
  const env = {
    REDIS_URL,
    QUEUE_PREFIX: prefix,
    STORE_URL: world.sandbox.url,
    STORE_EMAIL: world.sandbox.email,
    STORE_PASSWORD: world.sandbox.password,
    RATE: '4',
    CONCURRENCY: '8',
  };
  try {
    const lines = Array.from({ length: ROWS }, (_, i) => `Item ${i},2,${10 + i},UC${i}`);
    const file = await world.sheet('unsent.csv', ['title,category,sale_price,barcode', ...lines]);
    children.push(await startWorkerProcess(env));
    const { batchId } = await enqueueSync(
      { file },
      { redisUrl: REDIS_URL, prefix, store: world.store, reportDir: world.dir, rate: 4 },
    );
    const results = engineKeys(prefix).results(batchId);
    await until(async () => (await redis.hlen(results)) >= 6, '6 row results');
    await kill(children[0]!, 'SIGKILL');
    const receivedBeforeKill = new Set(
      world.sandbox
        .requests()
        .filter((r) => r.path === '/v1/create_product')
        .map((r) => String((r.body as { barcode?: unknown }).barcode)),
    );
    children[0] = await startWorkerProcess(env);
    const summary = await waitForBatch(batchId, { redisUrl: REDIS_URL, prefix, pollMs: 100 });

    expect(summary.counts.created + summary.counts.unknown).toBe(ROWS);
    const stored = world.sandbox.products().map((p) => String(p.fields.barcode));
    expect(new Set(stored).size).toBe(stored.length);
    // Each unknown row is one whose create had reached the store when its worker was killed.
    const rows = parse<{ barcode: string; outcome: string; message: string }>(
      await readFile(join(summary.reportDir, 'results.csv'), 'utf8'),
      { bom: true, columns: true },
    );
    expect(rows).toHaveLength(ROWS);
    const unknown = rows.filter((r) => r.outcome === 'unknown');
    for (const row of unknown) {
      expect(receivedBeforeKill.has(row.barcode)).toBe(true);
      expect(row.message).toContain("this batch's create of this row was cut off");
    }
    expect(unknown.length).toBeLessThanOrEqual(2);
    expect(stored.length).toBeGreaterThanOrEqual(summary.counts.created);
  } finally {
    await deleteKeys(redis, prefix);
    await redis.quit();
  }
});
