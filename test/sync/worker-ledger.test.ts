/**
 * `catalog-sync worker` (the real CLI) has the store's ledger from the app, with no jobs directory
 * and no schedules: a second create of the same key, in a later batch, is refused by the ledger.
 * Before, the worker got its ledger from the schedules plug-in, and without it created twice.
 */
import { randomUUID } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { enqueueSync, waitForBatch } from '../../src/sync/index.ts';
import { kill } from './helpers/processes.ts';
import { deleteKeys } from './helpers/redis.ts';
import { REDIS_URL } from './helpers/transports.ts';
import { startWorld, type World } from './helpers/world.ts';

const BIN = join(import.meta.dirname, '../../bin/catalog-sync.js');

let world: World;
let prefix: string;
let redis: Redis;
const children: ChildProcess[] = [];

beforeEach(async () => {
  world = await startWorld();
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
    LOG_LEVEL: 'silent',
    // No job files at all: nothing is scheduled.
    JOBS_DIR: join(world.dir, 'no-jobs'),
  };
  const child = spawn(process.execPath, [BIN, 'worker', '--grace', '5'], { env, stdio: ['ignore', 'ignore', 'pipe'] });
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

it('has its ledger without schedules: a second create of the same key is refused', async () => {
  const file = await world.sheet('once.csv', ['title,category,sale_price,barcode', 'Lamp,2,10,ONCE1']);
  const worker = await startCliWorker();
  const sync = async () => {
    const { batchId } = await enqueueSync({ file }, { redisUrl: REDIS_URL, prefix, reportDir: world.dir, rate: 1000 });
    return waitForBatch(batchId, { redisUrl: REDIS_URL, prefix, pollMs: 50 });
  };
  expect((await sync()).counts.created).toBe(1);
  const second = await sync();
  expect(second.counts).toMatchObject({ created: 0, skipped: 1 });
  expect(world.sandbox.products().filter((p) => String(p.fields.barcode) === 'ONCE1')).toHaveLength(1);

  const exited = once(worker, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
  worker.kill('SIGTERM');
  expect((await exited)[0]).toBe(0);
});
