/**
 * One run of bench/agency.ts: the stores in a process of their own (bench/agency-stores.ts, nice
 * -10 where allowed), a kernel capture of what they receive (bench/capture-support.ts; the stores'
 * own logs when tcpdump cannot run), ONE `catalog-sync worker` on one Redis or on a local 3-master
 * Redis Cluster, a backlog for s01 and a batch for every other store. Returns what was measured;
 * bench/agency.ts judges and prints it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { setPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { RedisServer } from '../src/redis.ts';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../src/sandbox/index.ts';
import type { StoreIdentity } from '../src/store/identity.ts';
import { enqueueSync, waitForBatch } from '../src/sync/index.ts';
import { storePrefix } from '../src/sync/queue/keys.ts';
import { RedisCluster } from '../test/helpers/redis-cluster.ts';
import { KernelCapture, type Arrival, type CaptureEnd } from './capture-support.ts';
import { deletePrefix, productSheet, stopChild } from './sync-support.ts';
import { cpuSeconds, rssMb, startWorker } from './worker-process.ts';

const REDIS_URL = 'redis://127.0.0.1:6379';

export interface AgencyOptions {
  stores: number;
  rate: number;
  latencyMs: number;
  rows: number;
  backlog: number;
  cluster: boolean;
  /** false: judge from the stores' logs without trying tcpdump. */
  capture: boolean;
}

export interface AgencyRun {
  /** Which clock judged the arrivals: the kernel's (tcpdump) or the stores' own logs, and why. */
  judge: string;
  /** Per store (s01 first): the POST/PUT /v1 requests as the judge saw them. */
  judged: Arrival[][];
  /** The same from each store's own log, for the count check and the comparison. */
  logged: Arrival[][];
  /** The capture's own account of itself, when it ran. */
  capture?: CaptureEnd;
  /** ms epoch: the first batch queued, the last reported (CPU and wall time are over these). */
  from: number;
  to: number;
  /** The worker's CPU seconds over from..to. */
  cpuS: number;
  /** What watching cost over the same time, on the same cores: tcpdump, and this process (reading its output, waiting). */
  observerCpuS: { tcpdump: number; bench: number };
  wallS: number;
  peakMb: number;
  storesLoopMs: number;
}

interface StoresProcess {
  child: ChildProcess;
  urls: string[];
}

async function startStores(options: AgencyOptions): Promise<StoresProcess> {
  const args = ['--import', 'tsx', 'bench/agency-stores.ts', String(options.stores), String(options.latencyMs)];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
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

/** One login per store first: a store's first requests run its code cold and stamp late. */
async function warm(url: string): Promise<void> {
  await fetch(`${url}/v1/authorization`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO_EMAIL, password: DEMO_PASSWORD }),
  });
  await fetch(`${url}/__sandbox/reset-stats`, { method: 'POST' });
}

async function loggedArrivals(url: string): Promise<Arrival[]> {
  const response = await fetch(`${url}/__sandbox/requests`);
  const { requests } = (await response.json()) as { requests: { method: string; path: string; at: number }[] };
  return requests
    .filter((r) => (r.method === 'POST' || r.method === 'PUT') && r.path.startsWith('/v1/'))
    .map(({ path, at }) => ({ path, at }));
}

const portOf = (url: string) => Number(new URL(url).port);

async function startCapture(options: AgencyOptions, urls: string[]): Promise<KernelCapture | string> {
  if (!options.capture) return '--no-capture';
  return KernelCapture.start(urls.map(portOf));
}

async function storesFile(dir: string, identities: StoreIdentity[], rate: number): Promise<string> {
  const file = join(dir, 'stores.yaml');
  const entry = (s: StoreIdentity) =>
    `  - id: ${s.id}\n    url: ${s.url}\n    email: ${s.account}\n    password_env: BENCH_PASSWORD\n    rate: ${rate}\n    concurrency: 4\n`;
  await writeFile(file, `stores:\n${identities.map(entry).join('')}`);
  return file;
}

/** The batches: s01's backlog first, then one per other store; resolves when every small one is reported. */
async function runBatches(
  options: AgencyOptions,
  server: RedisServer,
  prefix: string,
  identities: StoreIdentity[],
  reportDir: string,
): Promise<void> {
  const queueOf = (store: StoreIdentity) => ({
    ...server,
    prefix: storePrefix(prefix, store),
    store,
    reportDir: join(reportDir, store.id!),
    rate: options.rate,
  });
  const backlogSheet = await productSheet(options.backlog, 'backlog.csv', 1_000_000);
  const smallSheet = await productSheet(options.rows, 'small.csv');
  await enqueueSync({ file: backlogSheet }, queueOf(identities[0]!));
  const batches = await Promise.all(
    identities.slice(1).map((store) => enqueueSync({ file: smallSheet }, queueOf(store))),
  );
  // One wait at a time: on a cluster each is a client of its own (3 connections); the last to
  // end decides, so waiting in turn ends when waiting together would.
  for (const [i, { batchId }] of batches.entries())
    await waitForBatch(batchId, { ...server, prefix: queueOf(identities[i + 1]!).prefix, pollMs: 200 });
}

export async function runAgency(options: AgencyOptions): Promise<AgencyRun> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-agency-'));
  const prefix = `bench-agency-${randomUUID().slice(0, 8)}`;
  const cluster = options.cluster ? await RedisCluster.start(3) : undefined;
  const server: RedisServer = cluster
    ? { redisCluster: cluster.ports.map((port) => ({ host: '127.0.0.1', port })) }
    : { redisUrl: REDIS_URL };
  const stores = await startStores(options);
  let worker: ChildProcess | undefined;
  let capture: KernelCapture | string = 'not started';
  try {
    await Promise.all(stores.urls.map(warm));
    const identities: StoreIdentity[] = stores.urls.map((url, i) => ({
      id: `s${String(i + 1).padStart(2, '0')}`,
      url,
      account: DEMO_EMAIL,
    }));
    // Before the worker starts: its logins are counted on both sides.
    capture = await startCapture(options, stores.urls);
    worker = await startWorker(options.stores, {
      STORES_FILE: await storesFile(dir, identities, options.rate),
      BENCH_PASSWORD: DEMO_PASSWORD,
      ...(cluster ? { REDIS_CLUSTER_NODES: cluster.nodeList } : { REDIS_URL }),
      QUEUE_PREFIX: prefix,
      REPORT_DIR: join(dir, 'reports'),
      JOBS_DIR: join(dir, 'no-jobs'),
      DROP_DIR: join(dir, 'drop'),
    });
    const pid = worker.pid!;
    const cpuOf = async () => {
      const own = process.cpuUsage();
      return {
        worker: await cpuSeconds(pid),
        tcpdump: typeof capture === 'string' ? 0 : await cpuSeconds(capture.pid),
        bench: (own.user + own.system) / 1e6,
      };
    };
    const cpuBefore = await cpuOf();
    const from = Date.now();
    await runBatches(options, server, prefix, identities, join(dir, 'reports'));
    const to = Date.now();
    const cpuAfter = await cpuOf();
    const peakMb = (await rssMb(pid)).peak;
    // No request can come after the worker has exited: the capture and the logs then hold the same.
    await stopChild(worker);
    worker = undefined;
    const captured = typeof capture === 'string' ? undefined : await capture.stop(portOf(stores.urls[0]!));
    const logged = await Promise.all(stores.urls.map(loggedArrivals));
    const stats = (await (await fetch(`${stores.urls[0]!}/__sandbox/stats`)).json()) as {
      loopDelay: { maxMs: number };
    };
    const kernel = typeof capture === 'string' ? undefined : capture;
    const why = typeof capture === 'string' ? capture : '';
    return {
      judge: kernel ? 'kernel capture (tcpdump on lo, -tt)' : `the stores' own logs (no kernel capture: ${why})`,
      judged: kernel
        ? stores.urls.map((url) => kernel.arrivals(portOf(url)).filter((a) => a.path.startsWith('/v1/')))
        : logged,
      logged,
      ...(captured ? { capture: captured } : {}),
      from,
      to,
      cpuS: cpuAfter.worker - cpuBefore.worker,
      observerCpuS: { tcpdump: cpuAfter.tcpdump - cpuBefore.tcpdump, bench: cpuAfter.bench - cpuBefore.bench },
      wallS: (to - from) / 1000,
      peakMb,
      storesLoopMs: stats.loopDelay.maxMs,
    };
  } finally {
    if (worker) await stopChild(worker);
    if (typeof capture !== 'string') await capture.stop(portOf(stores.urls[0]!), 1_000).catch(() => undefined);
    stores.child.kill('SIGTERM');
    await once(stores.child, 'exit');
    if (cluster) await cluster.stop();
    else await deletePrefix(REDIS_URL, prefix);
    await rm(dir, { recursive: true, force: true });
  }
}
