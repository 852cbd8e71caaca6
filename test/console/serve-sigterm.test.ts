/**
 * `catalog-sync serve` (the real CLI) with Redis, stopped with SIGTERM while a batch it queued is
 * running and Redis is down: it exits 0 within CLOSE_MS and a margin (it stayed alive, its
 * connections retrying Redis, until killed). The batch is not lost: the worker ends it once Redis
 * is back, every product created once. Without Redis, a batch running in the console winds down
 * and writes its report whole before the process ends.
 */
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { CLOSE_MS } from '../../src/cli/signals.ts';
import type { BatchSummary } from '../../src/report/summary.ts';
import { exitWithin, useCliWorld, withOwnRedis, type CliRun, type EnvChanges } from '../sync/helpers/cli-world.ts';
import { until } from '../helpers/until.ts';
import { createCount, productCsv } from '../intake/helpers.ts';

const TOKEN = 'serve-redis-down-token-0123456789abcdef';
const ROWS = 120;
/** A margin for a loaded machine: the fault was a console still alive a minute later. */
const SLACK_MS = 10_000;

const t = useCliWorld({ latencyMs: 40 });
const reportDir = () => join(t.world.dir, 'reports');

async function startServe(changes: EnvChanges): Promise<{ serve: CliRun; url: string }> {
  const serve = t.cli(['serve', '--port', '0'], { CONSOLE_TOKEN: TOKEN, ...changes });
  await until(() => /console on (http:\/\/\S+)\//.test(serve.all()), 'the console to listen');
  return { serve, url: /console on (http:\/\/\S+?)\//.exec(serve.all())![1]! };
}

/** Starts a batch of ROWS creates through the console's API; resolves once 10 have reached the store. */
async function syncRows(url: string, tag: string): Promise<string> {
  const form = new FormData();
  const csv = productCsv(Array.from({ length: ROWS }, (_, i) => `${tag}-${i}`));
  form.append('file', new Blob([csv]), `${tag}.csv`);
  const res = await fetch(`${url}/api/batches`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TOKEN}` },
    body: form,
  });
  expect(res.status).toBe(202);
  const { batchId } = (await res.json()) as { batchId: string };
  await until(() => createCount(t.world.sandbox) >= 10, '10 creates');
  return batchId;
}

it('a console sent SIGTERM while Redis is down and its batch is running exits 0 at once; the worker ends the batch once Redis is back', async () => {
  await withOwnRedis(t, async ({ server, changes, worker }) => {
    const { serve, url } = await startServe(changes);
    const batchId = await syncRows(url, 'serve-down');

    await server.crash();
    serve.child.kill('SIGTERM');
    expect(await exitWithin(serve, CLOSE_MS + SLACK_MS), serve.all()).toBe(0);

    await server.up();
    const summaryFile = join(reportDir(), batchId, 'summary.json');
    await until(() => existsSync(summaryFile), 'the batch report', { timeoutMs: 120_000 }).catch((error: Error) => {
      throw new Error(`${error.message}\n--- worker:\n${worker.all()}`);
    });
    const summary = JSON.parse(await readFile(summaryFile, 'utf8')) as BatchSummary;
    expect(summary.total).toBe(ROWS);
    const made = t.world.sandbox.products().map((p) => String(p.fields.barcode));
    expect(new Set(made).size).toBe(made.length); // nothing created twice
    expect(made.length).toBe(summary.counts.created + summary.counts.unknown);
  });
}, 240_000);

it('without Redis, a console sent SIGTERM mid-batch lets the batch wind down and write its report whole', async () => {
  const { serve, url } = await startServe({ REDIS_URL: undefined, RATE: '20' });
  const batchId = await syncRows(url, 'serve-local');
  serve.child.kill('SIGTERM');
  expect(await serve.exit(), serve.all()).toBe(0);
  const files = await readdir(join(reportDir(), batchId));
  expect(files).toContain('summary.json');
  expect(files.filter((name) => name.endsWith('.tmp'))).toEqual([]);
});
