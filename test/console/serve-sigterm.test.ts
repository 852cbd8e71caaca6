/**
 * `catalog-sync serve` (the real CLI) with Redis, stopped with SIGTERM while a batch it queued is
 * running and Redis is down: it exits 0 within CLOSE_MS and a margin (it stayed alive, its
 * connections retrying Redis, until killed). The batch is not lost: the worker ends it once Redis
 * is back, every product created once. Without Redis, a batch running in the console winds down
 * and writes its report whole before the process ends.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { BatchSummary } from '../../src/report/summary.ts';
import { PrivateRedis } from '../sync/helpers/processes.ts';
import { until } from '../helpers/until.ts';
import { createCount, productCsv, startWorld, type World } from '../intake/helpers.ts';

const BIN = join(import.meta.dirname, '../../bin/catalog-sync.js');
const TOKEN = 'serve-redis-down-token-0123456789abcdef';
const ROWS = 120;
/** What a service gives its connections to close (cli/signals.ts CLOSE_MS)... */
const CLOSE_MS = 5_000;
/** ...and a margin for a loaded machine: the fault was a console still alive a minute later. */
const SLACK_MS = 10_000;

interface Running {
  child: ChildProcess;
  all(): string;
  exit: Promise<number | null>;
}

let world: World;
let server: PrivateRedis;
const children: ChildProcess[] = [];
let env: Record<string, string>;

beforeEach(async () => {
  world = await startWorld({ latencyMs: 40 });
  server = await PrivateRedis.start();
  env = {
    PATH: process.env.PATH ?? '',
    HOME: world.dir,
    STORE_URL: world.sandbox.url,
    STORE_EMAIL: world.sandbox.email,
    STORE_PASSWORD: world.sandbox.password,
    REDIS_URL: server.url,
    QUEUE_PREFIX: `test-serve-down-${randomUUID()}`,
    REPORT_DIR: world.reportDir,
    CONSOLE_TOKEN: TOKEN,
    RATE: '20',
    CONCURRENCY: '4',
    LOG_LEVEL: 'info',
  };
});

afterEach(async () => {
  for (const child of children.splice(0))
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await server.stop();
  await world.close();
});

function start(args: string[]): Running {
  const child = spawn(process.execPath, [BIN, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let all = '';
  child.stdout.on('data', (d: Buffer) => (all += d.toString()));
  child.stderr.on('data', (d: Buffer) => (all += d.toString()));
  const exit = once(child, 'exit').then(([code]) => code as number | null);
  return { child, all: () => all, exit };
}

/** Starts a batch of ROWS creates through the console's API; resolves once 10 have reached the store. */
async function syncRows(url: string, tag: string): Promise<string> {
  const sheet = join(world.dir, `${tag}.csv`);
  await writeFile(sheet, productCsv(Array.from({ length: ROWS }, (_, i) => `${tag}-${i}`)));
  const form = new FormData();
  form.append('file', new Blob([await readFile(sheet)]), `${tag}.csv`);
  const res = await fetch(`${url}/api/batches`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TOKEN}` },
    body: form,
  });
  expect(res.status).toBe(202);
  const { batchId } = (await res.json()) as { batchId: string };
  await until(() => createCount(world.sandbox) >= 10, '10 creates');
  return batchId;
}

async function startServe(): Promise<{ serve: Running; url: string }> {
  const serve = start(['serve', '--port', '0']);
  await until(() => /console on (http:\/\/\S+)\//.test(serve.all()), 'the console to listen');
  return { serve, url: /console on (http:\/\/\S+?)\//.exec(serve.all())![1]! };
}

it('a console sent SIGTERM while Redis is down and its batch is running exits 0 at once; the worker ends the batch once Redis is back', async () => {
  const worker = start(['worker', '--grace', '2']);
  await until(() => worker.all().includes('worker started'), 'the worker to start');
  const { serve, url } = await startServe();
  const batchId = await syncRows(url, 'serve-down');

  await server.crash();
  serve.child.kill('SIGTERM');
  let exited = false;
  void serve.exit.then(() => (exited = true));
  await until(() => exited, 'the console to exit', { timeoutMs: CLOSE_MS + SLACK_MS }).catch((error: Error) => {
    throw new Error(`${error.message}\n--- serve:\n${serve.all()}`);
  });
  expect(await serve.exit, serve.all()).toBe(0);

  await server.up();
  const summaryFile = join(world.reportDir, batchId, 'summary.json');
  await until(() => existsSync(summaryFile), 'the batch report', { timeoutMs: 120_000 }).catch((error: Error) => {
    throw new Error(`${error.message}\n--- worker:\n${worker.all()}`);
  });
  const summary = JSON.parse(await readFile(summaryFile, 'utf8')) as BatchSummary;
  expect(summary.total).toBe(ROWS);
  const made = world.sandbox.products().map((p) => String(p.fields.barcode));
  expect(new Set(made).size).toBe(made.length); // nothing created twice
  expect(made.length).toBe(summary.counts.created + summary.counts.unknown);
}, 240_000);

it('without Redis, a console sent SIGTERM mid-batch lets the batch wind down and write its report whole', async () => {
  delete env.REDIS_URL;
  env.LEDGER_FILE = join(world.dir, 'ledger', 'ledger.jsonl');
  const { serve, url } = await startServe();
  const batchId = await syncRows(url, 'serve-local');
  serve.child.kill('SIGTERM');
  expect(await serve.exit, serve.all()).toBe(0);
  const files = await readdir(join(world.reportDir, batchId));
  expect(files).toContain('summary.json');
  expect(files.filter((name) => name.endsWith('.tmp'))).toEqual([]);
});
