/**
 * `catalog-sync watch` (the real CLI) stopped with SIGTERM mid-file. With Redis, while Redis is
 * down: it exits within its grace period plus the seconds its connections get to close, never
 * waiting for Redis; the file stays in processing/ (not failed/, not done/), and once Redis is
 * back a new watcher resumes it: every row ends once, nothing is created twice. Without Redis:
 * the batch cut short winds down and writes its report whole before the process ends.
 */
import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { CLOSE_MS } from '../../src/cli/signals.ts';
import { exitWithin, useCliWorld, withOwnRedis, type CliRun, type EnvChanges } from '../sync/helpers/cli-world.ts';
import { until } from '../helpers/until.ts';
import { createCount, productCsv } from './helpers.ts';

const ROWS = 120;
const GRACE_MS = 2_000;
/** A margin for a loaded machine: the fault was a watcher still alive minutes later. */
const SLACK_MS = 10_000;

const t = useCliWorld({ latencyMs: 40 });
const root = () => join(t.world.dir, 'drop');
const reportDir = () => join(t.world.dir, 'reports');

async function startWatch(changes: EnvChanges): Promise<CliRun> {
  const watch = t.cli(['watch', '--dir', root(), '--settle-ms', '200', '--grace-ms', String(GRACE_MS)], changes);
  await until(() => watch.all().includes('watching '), 'the watcher to say it is watching');
  return watch;
}

/** A file of ROWS creates dropped; resolves once 10 have reached the store. */
async function dropBigFile(tag: string): Promise<string[]> {
  const barcodes = Array.from({ length: ROWS }, (_, i) => `${tag}-${i}`);
  await writeFile(join(root(), 'inbox', 'big.csv'), productCsv(barcodes));
  await until(() => createCount(t.world.sandbox) >= 10, '10 creates');
  return barcodes;
}

it('a busy watcher sent SIGTERM while Redis is down exits within its grace period; the next one ends every row once', async () => {
  await withOwnRedis(t, async ({ server, changes, worker }) => {
    const watch = await startWatch(changes);
    const barcodes = await dropBigFile('down');

    await server.crash();
    const stoppedAt = Date.now();
    watch.child.kill('SIGTERM');
    expect(await exitWithin(watch, GRACE_MS + CLOSE_MS + SLACK_MS), watch.all()).toBe(0);
    expect((Date.now() - stoppedAt) / 1000, watch.all()).toBeGreaterThanOrEqual(GRACE_MS / 1000);
    // Not failed, not done: left for the next watcher.
    expect(await readdir(join(root(), 'failed'))).toEqual([]);
    expect(await readdir(join(root(), 'done'))).toEqual([]);
    expect(await readdir(join(root(), 'processing'))).toEqual([expect.stringMatching(/--big\.csv$/)]);

    await server.up();
    const next = await startWatch(changes);
    const done = async () => (await readdir(join(root(), 'done'))).some((name) => name.endsWith('big.csv'));
    await until(done, 'big.csv done', { timeoutMs: 120_000 }).catch((error: Error) => {
      throw new Error(`${error.message}\n--- watch:\n${next.all()}\n--- worker:\n${worker.all()}`);
    });
    const made = t.world.sandbox.products().map((p) => String(p.fields.barcode));
    expect(new Set(made).size).toBe(made.length); // nothing created twice
    expect(new Set(made)).toEqual(new Set(barcodes));
  });
}, 240_000);

it('without Redis, a watcher sent SIGTERM mid-file lets the batch wind down: its report is written whole, the file stays for the next watcher', async () => {
  const watch = await startWatch({ REDIS_URL: undefined, RATE: '20' });
  await dropBigFile('local');
  watch.child.kill('SIGTERM');
  expect(await watch.exit(), watch.all()).toBe(0);
  expect(await readdir(join(root(), 'processing'))).toEqual([expect.stringMatching(/--big\.csv$/)]);
  const [batch] = await readdir(reportDir());
  const files = await readdir(join(reportDir(), batch!));
  expect(files).toContain('summary.json');
  expect(files.filter((name) => name.endsWith('.tmp'))).toEqual([]);
});
