/**
 * `import` with REDIS_URL and no worker running: rows go to the queue only for workers, so the
 * real CLI says within seconds that none serves it, how to start one or run in-process, queues
 * nothing, and exits 2. With --wait it queues and waits, and a worker started later syncs the rows.
 */
import { randomUUID } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { kill } from './helpers/processes.ts';
import { deleteKeys, keysUnder } from './helpers/redis.ts';
import { REDIS_URL } from './helpers/transports.ts';
import { startWorld, type World } from './helpers/world.ts';

const BIN = join(import.meta.dirname, '../../bin/catalog-sync.js');
/**
 * Past this the CLI is taken to hang (before, it waited forever). The answer itself comes after
 * the command's own 3 s look for a worker (WORKER_LOOK_MS); the rest is process start-up, which
 * on a loaded 2-core machine alone can take seconds, so this is a hang detector, not a timing.
 */
const HANG_AFTER_MS = 60_000;

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

function env(): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    REDIS_URL,
    QUEUE_PREFIX: prefix,
    STORE_URL: world.sandbox.url,
    STORE_EMAIL: world.sandbox.email,
    STORE_PASSWORD: world.sandbox.password,
    LOG_LEVEL: 'silent',
    REPORT_DIR: join(world.dir, 'reports'),
    JOBS_DIR: join(world.dir, 'no-jobs'),
  };
}

function cli(args: string[]): { child: ChildProcess; out: () => string; err: () => string } {
  const child = spawn(process.execPath, [BIN, ...args], { env: env(), stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let out = '';
  let err = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (err += d.toString()));
  return { child, out: () => out, err: () => err };
}

it('says no worker serves the queue and exits 2 within seconds, queueing nothing', async () => {
  const sheet = await world.sheet('p.csv', ['title,sale_price,category,barcode', 'Tea,5,1,nw-1']);
  const run = cli(['import', sheet, '--json']);
  const deadline = setTimeout(() => run.child.kill('SIGKILL'), HANG_AFTER_MS);
  const [code, signal] = (await once(run.child, 'exit')) as [number | null, string | null];
  clearTimeout(deadline);
  expect(signal).toBeNull(); // killed by the hang detector: it waited for a worker
  expect(code).toBe(2);
  expect(run.err()).toContain('no worker serves the queue');
  expect(run.err()).toContain('catalog-sync worker');
  expect(run.err()).toContain('--queue local');
  expect(run.err()).toContain('--wait');
  expect((JSON.parse(run.out()) as { error: { exitCode: number } }).error.exitCode).toBe(2);
  // Nothing queued: no batch under the prefix, nothing sent to the store.
  expect((await keysUnder(redis, prefix)).filter((k) => k.includes(':engine:batch'))).toEqual([]);
  expect(world.sandbox.requestCount('/v1/create_product')).toBe(0);
});

it('--wait queues the rows and waits; a worker started later syncs them, and is found by the next import', async () => {
  const sheet = await world.sheet('w.csv', ['title,sale_price,category,barcode', 'Tea,5,1,nw-2']);
  const run = cli(['import', sheet, '--wait', '--json']);
  const exited = once(run.child, 'exit') as Promise<[number | null]>;
  // Waits until the batch is on the queue, then starts the worker.
  await new Promise<void>((resolve, reject) => {
    run.child.stderr?.on('data', () => run.err().includes('queued; waiting for workers') && resolve());
    void exited.then(([code]) => reject(new Error(`import exited (${code}) before queueing: ${run.err()}`)));
  });
  const worker = cli(['worker', '--grace', '5']);
  const [code] = await exited;
  expect(code).toBe(0);
  expect((JSON.parse(run.out()) as { counts: { created: number } }).counts.created).toBe(1);

  // With the worker connected, an import without --wait finds it and goes ahead.
  const next = await world.sheet('n.csv', ['title,sale_price,category,barcode', 'Mug,7,1,nw-3']);
  const served = cli(['import', next, '--json']);
  const [servedCode] = (await once(served.child, 'exit')) as [number | null];
  expect(served.err()).not.toContain('no worker');
  expect(servedCode).toBe(0);
  await kill(worker.child, 'SIGTERM');
});
