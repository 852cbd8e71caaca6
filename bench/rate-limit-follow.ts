/**
 * The `follow` case of bench/rate-limit.ts (issue 28: "with two workers started without RATE,
 * import --queue redis --rate 100 reached 74 requests/s, 1,500 rows, 20 ms store"): two
 * `catalog-sync worker` processes at their defaults (no RATE, CONCURRENCY 4), then the real
 * `import --queue redis --rate 100` of 1,500 creates, the sandbox store in its own process at
 * 20 ms latency. Workers and import run at a lower priority (nice +5) than the store (nice -10
 * where allowed), which stamps each request when its loop reaches it. Paired with the same run whose workers were given RATE=100.
 *
 * Figures: achieved over whole windows from the first create (the rate followed), the worst 1 s
 * window, and the rows per second the batch's own summary gives (startedAt to finishedAt: the
 * look for a worker, the login and the report included).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { setPriority } from 'node:os';
import { randomUUID } from 'node:crypto';
import { maxInWindow } from '../src/sandbox/index.ts';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../src/sandbox/index.ts';
import { createStoreClient } from '../src/store/client.ts';
import {
  deletePrefix,
  fmt,
  productSheet,
  startChildSandbox,
  startCliWorker,
  stopChild,
  storeEnv,
} from './sync-support.ts';

const REDIS_URL = 'redis://127.0.0.1:6379';
const RATE = 100;
const ROWS = 1500;
const LATENCY_MS = 20;
const WORKERS = 2;
/** Workers and import below the store: the store's arrival stamps are the judge. */
const NICE = 5;
/** The store above everything else on the machine, where this process may raise it (root). */
const STORE_NICE = -10;

export interface FollowRun {
  workersGivenRate: boolean;
  creates: number;
  achieved: number;
  worst: number;
  batchRowsPerSecond: number;
  storeLoopMaxMs: number;
}

export async function measureFollow(workersGivenRate: boolean, reportDir: string): Promise<FollowRun> {
  const sandbox = await startChildSandbox();
  const prefix = `bench-${randomUUID()}`;
  const env = { ...storeEnv(sandbox.url), REDIS_URL, QUEUE_PREFIX: prefix, REPORT_DIR: reportDir };
  try {
    raise(sandbox.pid);
    await sandbox.control('POST', 'latency', { ms: LATENCY_MS });
    await warmStore(sandbox.url);
    const workers = await Promise.all(
      Array.from({ length: WORKERS }, () => startCliWorker(workersGivenRate ? { ...env, RATE: String(RATE) } : env)),
    );
    let summary: { total: number; startedAt: string; finishedAt: string };
    try {
      for (const worker of workers) lower(worker);
      const file = await productSheet(ROWS, `follow-${workersGivenRate}.csv`, 2_000_000);
      await sandbox.control('POST', 'reset-stats');
      summary = await runImport(file, env);
    } finally {
      await Promise.all(workers.map(stopChild));
    }
    const { requests } = (await sandbox.control('GET', 'requests')) as { requests: { at: number; path: string }[] };
    const { loopDelay } = (await sandbox.control('GET', 'stats')) as { loopDelay: { maxMs: number } };
    const all = requests.map((r) => r.at).sort((a, b) => a - b);
    const creates = requests
      .filter((r) => r.path === '/v1/create_product')
      .map((r) => r.at)
      .sort((a, b) => a - b);
    // Over whole windows, as bench/rate-limit.ts measures: m creates (a multiple of the rate) from the first to the (m+1)th.
    const m = Math.floor((creates.length - 1) / RATE) * RATE;
    return {
      workersGivenRate,
      creates: creates.length,
      achieved: (m / (creates[m]! - creates[0]!)) * 1000,
      worst: maxInWindow(all, 1000),
      batchRowsPerSecond: summary.total / ((Date.parse(summary.finishedAt) - Date.parse(summary.startedAt)) / 1000),
      storeLoopMaxMs: loopDelay.maxMs,
    };
  } finally {
    await sandbox.stop();
    await deletePrefix(REDIS_URL, prefix);
  }
}

export function followLine(run: FollowRun): string {
  const pct = (run.achieved / RATE) * 100;
  return (
    `${WORKERS} workers started ${run.workersGivenRate ? `with RATE=${RATE}` : 'without RATE'} (CONCURRENCY 4), ` +
    `import --queue redis --rate ${RATE}, ${ROWS} creates, store ${LATENCY_MS} ms: ` +
    `achieved ${fmt(run.achieved, 1)}/s = ${fmt(pct, 1)}%${pct >= 95 ? '' : ' (BELOW 95%)'}, ` +
    `worst 1 s window ${run.worst}${run.worst > RATE ? ' EXCEEDED' : ''}; ` +
    `the batch's own rows/s (start to report) ${fmt(run.batchRowsPerSecond, 1)}; store loop late by up to ${fmt(run.storeLoopMaxMs, 0)} ms`
  );
}

/** A store that has just started compiles its code on its first requests: warm it, outside any gate. */
async function warmStore(url: string): Promise<void> {
  const client = createStoreClient({
    storeUrl: url,
    storeEmail: DEMO_EMAIL,
    storePassword: DEMO_PASSWORD,
    rate: 1000,
    categoriesMethod: 'POST',
    requestTimeoutMs: 30_000,
    connectTimeoutMs: 5_000,
  });
  try {
    for (let i = 0; i < 300; i += 30)
      await Promise.all(
        Array.from({ length: 30 }, (_, j) =>
          client.createProduct({ title: `Warm ${i + j}`, category: 2, sale_price: 1 }),
        ),
      );
  } finally {
    client.close();
  }
}

function raise(pid: number | undefined): void {
  try {
    if (pid !== undefined) setPriority(pid, STORE_NICE);
  } catch {
    // Not allowed (not root): the workers and the import still run below it.
  }
}

function lower(child: ChildProcess): void {
  if (child.pid !== undefined) setPriority(child.pid, NICE);
}

async function runImport(
  file: string,
  env: Record<string, string>,
): Promise<{ total: number; startedAt: string; finishedAt: string }> {
  const child = spawn(
    process.execPath,
    ['bin/catalog-sync.js', 'import', file, '--queue', 'redis', '--rate', String(RATE), '--json'],
    { env: { ...process.env, LOG_LEVEL: 'silent', ...env }, stdio: ['ignore', 'pipe', 'ignore'] },
  );
  lower(child);
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`import exited ${code}: ${out.slice(0, 500)}`);
  return JSON.parse(out) as { total: number; startedAt: string; finishedAt: string };
}
