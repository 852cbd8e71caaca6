/**
 * The rate limit as the store sees it while workers come and go: three worker processes share one
 * limit, one is killed with SIGKILL mid-batch and started again (a new process is slow to send
 * what it was admitted for, and it logs in). The sandbox's request log, logins included, is the
 * judge: no 1-second window holds more than the limit. The sandbox runs in a process of its own,
 * so the stamps it gives requests are not held back by this test process's own work.
 */
import { randomUUID } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { maxInWindow } from '../../src/sandbox/index.ts';
import { enqueueSync, waitForBatch } from '../../src/sync/index.ts';
import { engineKeys } from '../../src/sync/queue/keys.ts';
import { startChildSandbox, type ChildSandbox } from '../helpers/child-sandbox.ts';
import { kill, startWorkerProcess } from './helpers/processes.ts';
import { deleteKeys } from './helpers/redis.ts';
import { until } from '../helpers/until.ts';
import { REDIS_URL } from '../helpers/redis-url.ts';
import { useTempDir } from '../helpers/use-world.ts';

const RATE = 10;
const ROWS = 120;

let store: ChildSandbox;
const tmp = useTempDir('rate-restart');

let children: ChildProcess[];
let prefix: string;
beforeEach(async () => {
  store = await startChildSandbox(['--latency', '20']);
  children = [];
  prefix = `test-${randomUUID()}`;
});
afterEach(async () => {
  for (const child of children) await kill(child, 'SIGKILL');
  await store.stop();
});

it('three workers, one killed with SIGKILL and restarted mid-batch: no 1-second window at the store over the limit', async () => {
  const redis = new Redis(REDIS_URL);
  const env = {
    REDIS_URL,
    QUEUE_PREFIX: prefix,
    STORE_URL: store.url,
    STORE_EMAIL: store.email,
    STORE_PASSWORD: store.password,
    RATE: String(RATE),
    CONCURRENCY: '4',
    // The store stamps a request when its loop reaches it, which on a loaded machine can be tens
    // of ms after it arrived; a wider margin keeps the test about the gate, not the scheduler.
    MARGIN_MS: '150',
  };
  try {
    const lines = Array.from({ length: ROWS }, (_, i) => `Item ${i},2,${10 + i},RG${i}`);
    const file = join(tmp.dir, 'rate.csv');
    await writeFile(file, `${['title,category,sale_price,barcode', ...lines].join('\n')}\n`);
    for (let i = 0; i < 3; i++) children.push(await startWorkerProcess(env));
    const { batchId } = await enqueueSync(
      { file },
      { redisUrl: REDIS_URL, prefix, store: { url: store.url, account: store.email }, reportDir: tmp.dir, rate: RATE },
    );
    const results = engineKeys(prefix).results(batchId);
    await until(async () => (await redis.hlen(results)) >= 30, '30 row results');
    await kill(children[0]!, 'SIGKILL');
    children[0] = await startWorkerProcess(env);
    const summary = await waitForBatch(batchId, { redisUrl: REDIS_URL, prefix, pollMs: 100 });

    expect(summary.counts.created + summary.counts.unknown).toBe(ROWS);
    const log = await store.requests();
    // Logins (each process's first request; the restarted one logs in again) are in the log and count.
    expect(log.filter((r) => r.path === '/v1/authorization').length).toBeGreaterThanOrEqual(2);
    const worst = maxInWindow(
      log.map((r) => r.at),
      1000,
    );
    const late = await store.loopDelay();
    expect(
      worst,
      `worst 1 s window at the store (its loop ran up to ${late.maxMs.toFixed(0)} ms late)`,
    ).toBeLessThanOrEqual(RATE);
  } finally {
    await deleteKeys(redis, prefix);
    await redis.quit();
  }
});
