/**
 * The rate belongs to the store: `import --queue redis --rate 20` sets it in Redis, and workers
 * started without RATE (the real CLI) follow it instead of their default 5/s; `status` shows it.
 */
import { randomUUID } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { maxInWindow, startSandbox } from '../../src/sandbox/index.ts';
import { kill } from './helpers/processes.ts';
import { deleteKeys } from './helpers/redis.ts';
import { REDIS_URL } from './helpers/transports.ts';
import { startWorld, type World } from './helpers/world.ts';
import { until } from '../helpers/until.ts';

const BIN = join(import.meta.dirname, '../../bin/catalog-sync.js');
const ROWS = 60;

let world: World;
let prefix: string;
const children: ChildProcess[] = [];

beforeEach(async () => {
  world = await startWorld();
  prefix = `test-${randomUUID()}`;
});
afterEach(async () => {
  for (const child of children.splice(0)) await kill(child, 'SIGKILL');
  const redis = new Redis(REDIS_URL);
  await deleteKeys(redis, prefix);
  await redis.quit();
  await world.close();
});

function cli(args: string[], extra: Record<string, string> = {}): { child: ChildProcess; out: () => string } {
  // No RATE anywhere: each command either sets the store's rate (--rate) or follows it.
  const { RATE: _rate, ...env } = process.env;
  const child = spawn(process.execPath, [BIN, ...args], {
    env: {
      ...env,
      REDIS_URL,
      QUEUE_PREFIX: prefix,
      STORE_URL: world.sandbox.url,
      STORE_EMAIL: world.sandbox.email,
      STORE_PASSWORD: world.sandbox.password,
      CONCURRENCY: '8',
      LOG_LEVEL: 'silent',
      REPORT_DIR: join(world.dir, 'reports'),
      JOBS_DIR: join(world.dir, 'no-jobs'),
      ...extra,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  return { child, out: () => out };
}

async function run(args: string[], extra: Record<string, string> = {}): Promise<{ code: number | null; out: string }> {
  const { child, out } = cli(args, extra);
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, out: out() };
}

it('workers started without RATE follow the rate import --rate set for the store; status shows it', async () => {
  const worker = cli(['worker', '--grace', '5']);
  await until(() => worker.out().includes('worker started'), 'the worker to start');
  expect(worker.out()).toContain('rate 5/s, the default');
  expect((await run(['status'])).out).toContain('store rate not set');

  const rows = Array.from({ length: ROWS }, (_, i) => `Item ${i},2,${10 + i},SR${i}`);
  const file = await world.sheet('rate.csv', ['title,category,sale_price,barcode', ...rows]);
  const imported = await run(['import', file, '--queue', 'redis', '--rate', '20']);
  expect(imported.code).toBe(0);
  expect(imported.out).toContain('store rate set to 20/s for every worker');
  expect(world.sandbox.products()).toHaveLength(ROWS);
  // At its own default the worker could never have put more than 5 requests into one second.
  const creates = world.sandbox.requests().filter((r) => r.path === '/v1/create_product');
  expect(
    maxInWindow(
      creates.map((r) => r.at),
      1000,
    ),
  ).toBeGreaterThan(5);

  const status = await run(['status', '--json']);
  expect((JSON.parse(status.out) as { storeRate: { rate: number } }).storeRate.rate).toBe(20);
  const later = cli(['worker', '--grace', '5']);
  await until(() => later.out().includes('worker started'), 'a second worker to start');
  expect(later.out()).toContain("rate 20/s, the store's");
});

it('the rate is per store: another store account on the same Redis and queue prefix keeps its own', async () => {
  const worker = cli(['worker', '--grace', '5']);
  await until(() => worker.out().includes('worker started'), 'the worker to start');
  const rows = Array.from({ length: 10 }, (_, i) => `Item ${i},2,${10 + i},PS${i}`);
  const file = await world.sheet('per-store.csv', ['title,category,sale_price,barcode', ...rows]);
  expect((await run(['import', file, '--queue', 'redis', '--rate', '20'])).code).toBe(0);

  const store = await startSandbox();
  try {
    const other = { STORE_URL: store.url, STORE_EMAIL: store.email, STORE_PASSWORD: store.password };
    expect((await run(['status'], other)).out).toContain('store rate not set');
    const otherWorker = cli(['worker', '--grace', '5'], other);
    await until(() => otherWorker.out().includes('worker started'), "the other store's worker to start");
    expect(otherWorker.out()).toContain('rate 5/s, the default');
  } finally {
    await store.close();
  }
  const status = await run(['status', '--json']);
  expect((JSON.parse(status.out) as { storeRate: { rate: number } }).storeRate.rate).toBe(20);
});

it('a rate set per queue prefix by an earlier version is taken over by the store, not lost on upgrade', async () => {
  const redis = new Redis(REDIS_URL);
  try {
    await redis.hset(`${prefix}:engine:rate:limit`, { rate: '20', setAt: '2026-11-01T00:00:00.000Z' });
  } finally {
    await redis.quit();
  }
  const worker = cli(['worker', '--grace', '5']);
  await until(() => worker.out().includes('worker started'), 'the worker to start');
  expect(worker.out()).toContain("rate 20/s, the store's");
  const status = await run(['status', '--json']);
  expect((JSON.parse(status.out) as { storeRate: { rate: number } }).storeRate.rate).toBe(20);
});
