/**
 * `import`, `schedule run` and `rerun` with REDIS_URL and no worker running: rows go to the queue
 * only for workers, so the real CLI says within seconds that none serves it, how to start one or
 * run local, queues nothing, and exits 2. With --wait it queues and waits, and a worker
 * started later syncs the rows. `watch`, a service, says so and keeps the file until one starts.
 */
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { until } from '../helpers/until.ts';
import { untilSays, useCliWorld, type CliRun } from './helpers/cli-world.ts';
import { kill } from './helpers/processes.ts';
import { keysUnder } from './helpers/redis.ts';

/**
 * Past this the CLI is taken to hang (before, it waited forever). The answer itself comes after
 * the command's own 3 s look for a worker (WORKER_LOOK_MS); the rest is process start-up, which
 * on a loaded 2-core machine alone can take seconds, so this is a hang detector, not a timing.
 */
const HANG_AFTER_MS = 60_000;

const t = useCliWorld();
const cli = (args: string[]) => t.cli(args);

/** Runs the CLI to its end; a run still going after HANG_AFTER_MS is killed and fails the test. */
async function exitOf(run: CliRun): Promise<number | null> {
  const deadline = setTimeout(() => run.child.kill('SIGKILL'), HANG_AFTER_MS);
  const code = await run.exit();
  clearTimeout(deadline);
  expect(run.child.signalCode).toBeNull(); // killed by the hang detector: it waited for a worker
  return code;
}

/** Exit 2, the message with its ways out, one JSON error document, and nothing queued or sent. */
async function expectNoWorkerRefusal(run: CliRun): Promise<void> {
  const { world, prefix, redis } = t;
  expect(await exitOf(run)).toBe(2);
  expect(run.err()).toContain('no worker serves the queue');
  expect(run.err()).toContain('catalog-sync worker');
  expect(run.err()).toContain('--queue local');
  expect(run.err()).toContain('--wait');
  expect((JSON.parse(run.out()) as { error: { exitCode: number } }).error.exitCode).toBe(2);
  expect((await keysUnder(redis, prefix)).filter((k) => k.includes(':engine:batch'))).toEqual([]);
  expect(world.sandbox.requestCount('/v1/create_product')).toBe(0);
}

it('import: says no worker serves the queue and exits 2 within seconds, queueing nothing', async () => {
  const sheet = await t.world.sheet('p.csv', ['title,sale_price,category,barcode', 'Tea,5,1,nw-1']);
  await expectNoWorkerRefusal(cli(['import', sheet, '--json']));
});

it('schedule run: the same message and exit 2', async () => {
  const sheet = await t.world.sheet('job.csv', ['title,sale_price,category,barcode', 'Tea,5,1,nw-job']);
  const jobs = join(t.world.dir, 'jobs');
  await mkdir(jobs);
  await writeFile(join(jobs, 'nightly.yaml'), `name: nightly\nsource: ${sheet}\nschedule: '30 2 * * *'\n`);
  await expectNoWorkerRefusal(cli(['schedule', 'run', 'nightly', '--jobs-dir', jobs, '--json']));
});

it('rerun of a fixed failed.csv: the same message and exit 2; --queue local syncs it here', async () => {
  const sheet = await t.world.sheet('r.csv', ['title,sale_price,category,barcode', 'Typo,12.5O,1,nw-r']);
  const first = cli(['import', sheet, '--queue', 'local', '--json']);
  expect(await exitOf(first)).toBe(1); // the row needs a fix
  const { reportDir } = JSON.parse(first.out()) as { reportDir: string };
  const failedCsv = join(reportDir, 'failed.csv');
  await writeFile(failedCsv, (await readFile(failedCsv, 'utf8')).replace('12.5O', '12.5'));
  await expectNoWorkerRefusal(cli(['rerun', failedCsv, '--json']));
  const here = cli(['rerun', failedCsv, '--queue', 'local', '--json']);
  expect(await exitOf(here)).toBe(0);
  expect(t.world.sandbox.requestCount('/v1/create_product')).toBe(1);
});

it('watch: says no worker serves the queue; the dropped file waits in processing/ and is synced once one starts', async () => {
  const drop = join(t.world.dir, 'drop');
  const watch = cli(['watch', '--dir', drop, '--settle-ms', '200']);
  await until(() => watch.err().includes('no worker serves the queue'), 'the no-worker line at start');
  expect(watch.err()).toContain('catalog-sync worker');
  await writeFile(join(drop, 'inbox', 'w.csv'), 'title,sale_price,category,barcode\nTea,5,1,nw-w\n');
  await until(
    () => watch.err().split('dropped files are queued and wait in processing/').length > 2,
    'the no-worker line for the file',
  );
  expect((await readdir(join(drop, 'processing'))).some((n) => n.endsWith('--w.csv'))).toBe(true);
  expect(watch.child.exitCode).toBeNull(); // a service: it keeps watching
  const worker = cli(['worker', '--grace', '5']);
  await until(async () => (await readdir(join(drop, 'done'))).some((n) => n.endsWith('--w.csv')), 'w.csv done');
  expect(t.world.sandbox.requestCount('/v1/create_product')).toBe(1);
  await kill(worker.child, 'SIGTERM');
  await kill(watch.child, 'SIGTERM');
});

it('--wait queues the rows and waits; a worker started later syncs them, and is found by the next import', async () => {
  const sheet = await t.world.sheet('w.csv', ['title,sale_price,category,barcode', 'Tea,5,1,nw-2']);
  const run = cli(['import', sheet, '--wait', '--json']);
  // Waits until the batch is on the queue, then starts the worker.
  await untilSays(run, 'queued; waiting for workers', 'the batch to be queued', 'err');
  const worker = cli(['worker', '--grace', '5']);
  expect(await run.exit()).toBe(0);
  expect((JSON.parse(run.out()) as { counts: { created: number } }).counts.created).toBe(1);

  // With the worker connected, an import without --wait finds it and goes ahead.
  const next = await t.world.sheet('n.csv', ['title,sale_price,category,barcode', 'Mug,7,1,nw-3']);
  const served = cli(['import', next, '--json']);
  const servedCode = await served.exit();
  expect(served.err()).not.toContain('no worker');
  expect(servedCode).toBe(0);
  await kill(worker.child, 'SIGTERM');
});
