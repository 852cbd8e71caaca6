/**
 * An agency's deployment (issue 29): 50 stores at 10 requests/s each, the store answering in 50 ms,
 * all served by ONE `catalog-sync worker` process from a stores file. The 50 sandbox stores run in
 * a process of their own (bench/agency-stores.ts, nice -10 where allowed: its request log is the
 * judge). Store s01 gets a backlog queued first; then every other store a batch of its own.
 *
 * Figures: each store's achieved share of its limit (over whole windows of its creates, from the
 * store's log; goal >= 95%) and its worst 1-s window (never over 10); the worker's CPU over the
 * batches (goal <= 0.5 core for the 490-500 requests/s) and its peak RSS (goal <= 400 MB); and
 * fairness: each small batch's first-to-last create against what its rate alone allows (goal <=
 * 1.5x) while s01's backlog is still queued.
 *
 *   npx tsx bench/agency.ts [--stores 50] [--rows 100] [--backlog 5000]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { setPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { DEMO_EMAIL, DEMO_PASSWORD, maxInWindow } from '../src/sandbox/index.ts';
import type { StoreIdentity } from '../src/store/identity.ts';
import { enqueueSync, waitForBatch } from '../src/sync/index.ts';
import { storePrefix } from '../src/sync/queue/keys.ts';
import { PrintedFigures } from './results-section.ts';
import { deletePrefix, fmt, productSheet, stopChild } from './sync-support.ts';
import { cpuSeconds, rssMb, startWorker } from './worker-process.ts';

const REDIS_URL = 'redis://127.0.0.1:6379';
const arg = (name: string, fallback: number): number => {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? Number(process.argv[at + 1]) : fallback;
};
const STORES = arg('stores', 50);
const RATE = 10;
const LATENCY_MS = 50;
const ROWS = arg('rows', 100);
const BACKLOG = arg('backlog', 5_000);

const figures = new PrintedFigures(
  'agency',
  `${STORES} sandbox stores in one process of their own (nice -10 where allowed), ${LATENCY_MS} ms latency, rate ${RATE}/s each; ONE \`catalog-sync worker\` serves them all from a stores file (concurrency 4 each). Store s01's backlog of ${BACKLOG} rows is queued first, then a ${ROWS}-row batch for each other store (${STORES - 1} batches, ${(STORES - 1) * RATE} requests/s at the limits). Achieved: over whole windows of ${RATE} creates, from each store's own log (goal >= 95%, worst 1 s window never over ${RATE}). CPU and peak RSS: the worker process, /proc, from the first batch queued to the last reported (goals <= 0.5 core, <= 400 MB). Fairness: each small batch's first-to-last create against ${ROWS}/${RATE} s (goal <= 1.5x) while s01's backlog waits.`,
);

interface StoresProcess {
  child: ChildProcess;
  urls: string[];
}

async function startStores(): Promise<StoresProcess> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'bench/agency-stores.ts', String(STORES), String(LATENCY_MS)],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  try {
    setPriority(child.pid!, -10);
  } catch {
    // not root: the default priority
  }
  for await (const line of createInterface({ input: child.stdout })) {
    const { urls } = JSON.parse(line) as { urls: string[] };
    return { child, urls };
  }
  throw new Error('the stores process exited before printing its URLs');
}

async function requestsOf(url: string): Promise<{ path: string; at: number }[]> {
  const response = await fetch(`${url}/__sandbox/requests`);
  return ((await response.json()) as { requests: { path: string; at: number }[] }).requests;
}

/** One login per store first: a store's first requests run its code cold and stamp late. */
async function warm(url: string): Promise<void> {
  await fetch(`${url}/v1/authorization`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO_EMAIL, password: DEMO_PASSWORD }),
  });
  await fetch(`${url}/__sandbox/reset-stats`, { method: 'POST' });
}

/** Requests per second over whole windows of `rate` requests from the first (bench/rate-limit.ts). */
function achieved(times: number[]): number {
  const m = Math.floor((times.length - 1) / RATE) * RATE;
  return (m / (times[m]! - times[0]!)) * 1000;
}

const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

const dir = await mkdtemp(join(tmpdir(), 'bench-agency-'));
const prefix = `bench-agency-${randomUUID()}`;
const stores = await startStores();
let worker: ChildProcess | undefined;
try {
  await Promise.all(stores.urls.map(warm));
  const ids = stores.urls.map((_, i) => `s${String(i + 1).padStart(2, '0')}`);
  const identities: StoreIdentity[] = stores.urls.map((url, i) => ({ id: ids[i], url, account: DEMO_EMAIL }));
  const storesFile = join(dir, 'stores.yaml');
  await writeFile(
    storesFile,
    `stores:\n${identities
      .map(
        (s) =>
          `  - id: ${s.id}\n    url: ${s.url}\n    email: ${s.account}\n    password_env: BENCH_PASSWORD\n    rate: ${RATE}\n    concurrency: 4\n`,
      )
      .join('')}`,
  );
  const reportDir = join(dir, 'reports');
  worker = await startWorker(STORES, {
    STORES_FILE: storesFile,
    BENCH_PASSWORD: DEMO_PASSWORD,
    REDIS_URL,
    QUEUE_PREFIX: prefix,
    REPORT_DIR: reportDir,
    JOBS_DIR: join(dir, 'no-jobs'),
    DROP_DIR: join(dir, 'drop'),
  });
  const pid = worker.pid!;
  const queueOf = (store: StoreIdentity) => ({
    redisUrl: REDIS_URL,
    prefix: storePrefix(prefix, store),
    store,
    reportDir: join(reportDir, store.id!),
    rate: RATE,
  });
  const backlogSheet = await productSheet(BACKLOG, 'backlog.csv', 1_000_000);
  const smallSheet = await productSheet(ROWS, 'small.csv');
  const cpuBefore = await cpuSeconds(pid);
  const started = performance.now();
  await enqueueSync({ file: backlogSheet }, queueOf(identities[0]!));
  const batches = await Promise.all(
    identities.slice(1).map((store) => enqueueSync({ file: smallSheet }, queueOf(store))),
  );
  await Promise.all(
    batches.map(({ batchId }, i) =>
      waitForBatch(batchId, { redisUrl: REDIS_URL, prefix: queueOf(identities[i + 1]!).prefix, pollMs: 200 }),
    ),
  );
  const wallS = (performance.now() - started) / 1000;
  const cpuS = (await cpuSeconds(pid)) - cpuBefore;
  const peakMb = (await rssMb(pid)).peak;

  const shares: number[] = [];
  const worst: number[] = [];
  const fairness: number[] = [];
  for (const store of identities.slice(1)) {
    const times = (await requestsOf(store.url))
      .filter((r) => r.path === '/v1/create_product')
      .map((r) => r.at)
      .sort((a, b) => a - b);
    if (times.length !== ROWS) throw new Error(`${store.id} received ${times.length} creates, not ${ROWS}`);
    shares.push(achieved(times) / RATE);
    worst.push(maxInWindow(times, 1000));
    fairness.push((times.at(-1)! - times[0]!) / (((ROWS - 1) / RATE) * 1000));
  }
  const backlogTimes = (await requestsOf(identities[0]!.url))
    .filter((r) => r.path === '/v1/create_product')
    .map((r) => r.at);
  const backlogWorst = maxInWindow(backlogTimes, 1000);
  const requests = (STORES - 1) * ROWS + backlogTimes.length;
  const stats = (await (await fetch(`${identities[0]!.url}/__sandbox/stats`)).json()) as {
    loopDelay: { maxMs: number };
  };
  const storesLoopMs = stats.loopDelay.maxMs;
  const pct = (x: number) => `${fmt(x * 100, 1)}%`;
  figures.print(
    [
      `stores ${STORES} x ${RATE}/s, latency ${LATENCY_MS} ms, ${STORES - 1} batches of ${ROWS} rows + s01's backlog of ${BACKLOG} (${backlogTimes.length} of it sent meanwhile)`,
      `achieved share of each store's limit: min ${pct(Math.min(...shares))}, median ${pct(percentile(shares, 50))}, max ${pct(Math.max(...shares))} (goal >= 95%)`,
      `worst 1 s window at any store: ${Math.max(...worst, backlogWorst)} (limit ${RATE}; s01 ${backlogWorst})${Math.max(...worst, backlogWorst) > RATE ? ' EXCEEDED' : ', never over'}`,
      `worker CPU: ${fmt(cpuS, 1)} s over ${fmt(wallS, 1)} s = ${fmt(cpuS / wallS, 2)} core for ${fmt(requests / wallS)} requests/s on average; ${fmt((cpuS / requests) * 1000, 2)} ms CPU per request, so ${fmt((cpuS / requests) * (STORES - 1) * RATE, 2)} core at the stores' ${(STORES - 1) * RATE} requests/s (goal <= 0.5 core)`,
      `the stores' process: its event loop late by at most ${fmt(storesLoopMs)} ms (a late loop stamps arrivals late, in bunches)`,
      `worker peak RSS: ${fmt(peakMb)} MB (goal <= 400 MB)`,
      `fairness, first-to-last create / what the rate allows: median ${fmt(percentile(fairness, 50), 2)}x, worst ${fmt(Math.max(...fairness), 2)}x (goal <= 1.5x), s01's backlog still queued`,
    ].join('\n'),
  );
  await figures.write();
} finally {
  if (worker) await stopChild(worker);
  stores.child.kill('SIGTERM');
  await once(stores.child, 'exit');
  await deletePrefix(REDIS_URL, prefix);
  await rm(dir, { recursive: true, force: true });
}
