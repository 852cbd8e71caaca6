/**
 * `catalog-sync worker` (the real CLI) stopped with SIGTERM mid-batch: it finishes its active rows,
 * exits 0, and a worker started later completes the batch. Unlike a SIGKILL, a graceful stop
 * leaves no create in doubt: no row is `unknown`, every product exists exactly once.
 */
import { randomUUID } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { enqueueSync, waitForBatch } from '../../src/sync/index.ts';
import { engineKeys } from '../../src/sync/queue/keys.ts';
import { kill } from './helpers/processes.ts';
import { deleteKeys } from './helpers/redis.ts';
import { REDIS_URL } from './helpers/transports.ts';
import { startWorld, type World } from './helpers/world.ts';
import { until } from '../helpers/until.ts';

const BIN = join(import.meta.dirname, '../../bin/catalog-sync.js');
const CREATES = 60;

let world: World;
let prefix: string;
let redis: Redis;
const children: ChildProcess[] = [];

beforeEach(async () => {
  world = await startWorld({ latencyMs: 40 });
  prefix = `test-${randomUUID()}`;
  redis = new Redis(REDIS_URL);
});
afterEach(async () => {
  for (const child of children.splice(0)) await kill(child, 'SIGKILL');
  await deleteKeys(redis, prefix);
  await redis.quit();
  await world.close();
});

async function startCliWorker(): Promise<ChildProcess> {
  const env = {
    ...process.env,
    REDIS_URL,
    QUEUE_PREFIX: prefix,
    STORE_URL: world.sandbox.url,
    STORE_EMAIL: world.sandbox.email,
    STORE_PASSWORD: world.sandbox.password,
    RATE: '1000',
    CONCURRENCY: '4',
    LOG_LEVEL: 'silent',
    JOBS_DIR: join(world.dir, 'no-jobs'),
  };
  const child = spawn(process.execPath, [BIN, 'worker', '--grace', '30'], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  children.push(child);
  let err = '';
  await new Promise<void>((resolve, reject) => {
    child.stderr?.on('data', (d: Buffer) => {
      err += d.toString();
      if (err.includes('worker started')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`worker exited early (${code}): ${err}`)));
  });
  return child;
}

it('a worker stopped with SIGTERM finishes its active rows and exits 0; the batch completes with no row in doubt', async () => {
  const lines = Array.from({ length: CREATES }, (_, i) => `Item ${i},صنف ${i},2,${10 + i},TERM${i}`);
  const file = await world.sheet('term.csv', ['title,title_ar,category,sale_price,barcode', ...lines]);

  const first = await startCliWorker();
  const { batchId } = await enqueueSync({ file }, { redisUrl: REDIS_URL, prefix, reportDir: world.dir, rate: 1000 });
  const results = engineKeys(prefix).results(batchId);
  await until(async () => (await redis.hlen(results)) >= 10, '10 row results');

  const exited = once(first, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
  first.kill('SIGTERM');
  const [code] = await exited;
  expect(code).toBe(0);
  const doneAtStop = await redis.hlen(results);
  expect(doneAtStop).toBeLessThan(CREATES); // it stopped mid-batch

  await startCliWorker();
  const summary = await waitForBatch(batchId, { redisUrl: REDIS_URL, prefix, pollMs: 50 });
  expect(summary.total).toBe(CREATES);
  expect(summary.counts.created).toBe(CREATES);
  expect(summary.counts.unknown).toBe(0);
  const barcodes = world.sandbox.products().map((p) => String(p.fields.barcode));
  expect(barcodes.filter((b) => b.startsWith('TERM')).sort()).toEqual(lines.map((_, i) => `TERM${i}`).sort());
});
