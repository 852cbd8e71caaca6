/**
 * The services tell what they do: `worker` and `watch` log a line when a batch starts, a progress
 * line at most every few seconds while it runs, and a line with the counts when it ends. Off a
 * terminal each line is one JSON object. The real CLI, the real sandbox and Redis; the store's
 * rate is kept low so that a batch runs long enough to show progress.
 */
import { randomUUID } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { until } from '../helpers/until.ts';
import { kill } from './helpers/processes.ts';
import { deleteKeys } from './helpers/redis.ts';
import { REDIS_URL } from './helpers/transports.ts';
import { startWorld, type World } from './helpers/world.ts';

const BIN = join(import.meta.dirname, '../../bin/catalog-sync.js');
const ROWS = 30;
/** Requests per second: 30 rows take several seconds, so progress lines are due while they run. */
const RATE = '4';

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

interface Line {
  msg: string;
  batchId?: string;
  done?: number;
  total?: number | null;
  counts?: { created: number };
}

function cli(
  args: string[],
  env: Record<string, string>,
): { child: ChildProcess; lines: () => Line[]; err: () => string; out: () => string } {
  const child = spawn(process.execPath, [BIN, ...args], {
    env: {
      PATH: process.env.PATH ?? '',
      STORE_URL: world.sandbox.url,
      STORE_EMAIL: world.sandbox.email,
      STORE_PASSWORD: world.sandbox.password,
      REPORT_DIR: join(world.dir, 'reports'),
      JOBS_DIR: join(world.dir, 'no-jobs'),
      XDG_STATE_HOME: join(world.dir, 'state'),
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let err = '';
  let out = '';
  child.stderr?.on('data', (d: Buffer) => (err += d.toString()));
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  // Every line off a terminal is one JSON object; a line that is not fails the test here.
  const lines = () =>
    err
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as Line);
  return { child, lines, err: () => err, out: () => out };
}

const sheet = (tag: string) =>
  ['title,sale_price,category,barcode', ...Array.from({ length: ROWS }, (_, i) => `Item ${i},5,1,${tag}-${i}`)].join(
    '\n',
  ) + '\n';

it('worker: a line when a batch starts, progress lines while it runs, and the counts when it ends', async () => {
  const worker = cli(['worker', '--grace', '5'], { REDIS_URL, QUEUE_PREFIX: prefix, RATE });
  await until(() => worker.err().includes('worker started'), 'the worker to start');
  const file = join(world.dir, 'w.csv');
  await writeFile(file, sheet('wl'));
  const run = cli(['import', file, '--json'], { REDIS_URL, QUEUE_PREFIX: prefix, LOG_LEVEL: 'silent' });
  const [code] = (await once(run.child, 'exit')) as [number | null];
  expect(code).toBe(0);
  await until(() => worker.lines().some((l) => l.msg === 'batch report written'), 'the batch to end');
  const lines = worker.lines();
  const started = lines.find((l) => l.msg === 'batch started on this worker');
  expect(started?.batchId).toBeTruthy();
  const progress = lines.filter((l) => l.msg.startsWith('batch progress'));
  expect(progress.length).toBeGreaterThan(0);
  expect(progress[0]).toMatchObject({ batchId: started?.batchId, total: ROWS });
  expect(progress[0]!.done).toBeLessThan(ROWS);
  expect(lines.find((l) => l.msg === 'batch report written')).toMatchObject({
    batchId: started?.batchId,
    total: ROWS,
    counts: { created: ROWS },
  });
  await kill(worker.child, 'SIGTERM');
});

it('watch (in-process): the same lines, as JSON off a terminal', async () => {
  const drop = join(world.dir, 'drop');
  const watch = cli(['--rate', RATE, 'watch', '--dir', drop, '--settle-ms', '200'], {});
  await until(() => watch.out().includes('watching'), 'watch to start');
  await writeFile(join(drop, 'inbox', 'p.csv'), sheet('wt'));
  await until(() => watch.lines().some((l) => l.msg === 'drop file finished'), 'the file to finish');
  const lines = watch.lines();
  const started = lines.find((l) => l.msg === 'batch started');
  expect(started?.batchId).toBeTruthy();
  const progress = lines.filter((l) => l.msg.startsWith('batch progress'));
  expect(progress.length).toBeGreaterThan(0);
  expect(progress[0]!.batchId).toBe(started?.batchId);
  expect(lines.find((l) => l.msg === 'batch finished')).toMatchObject({ counts: { created: ROWS } });
  expect(lines.find((l) => l.msg === 'drop file finished')).toMatchObject({ counts: { created: ROWS } });
  await kill(watch.child, 'SIGTERM');
});
