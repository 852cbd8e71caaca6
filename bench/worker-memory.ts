/**
 * Where a worker's memory per busy store and its CPU per request go (issue 41): ONE
 * `catalog-sync worker` serves 2N sandbox stores (2/s each, 50 ms latency) from a stores file on a
 * local 3-master Redis Cluster (or one Redis: --single). It is probed (bench/memory-probe.mjs:
 * memoryUsage, smaps, a heap snapshot) with every store idle, with N stores busy, and with all
 * 2N busy: the heap snapshots' growth per busy store, by constructor, is what a busy store costs.
 * Over a steady window at N and at 2N busy, its --cpu-prof profile's self time per create the
 * stores received, and the Redis commands per create (INFO commandstats on every master, reset
 * at the window's start).
 *
 * RSS is judged from a run without --snapshots and --cpu-profile: both malloc memory of their own.
 *
 *   npx tsx bench/worker-memory.ts [--stores 40] [--rows 600] [--settle 20] [--steady 40] [--single] [--snapshots] [--cpu-profile] [--env NAME=VALUE]
 */
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Redis } from 'ioredis';
import { DEMO_PASSWORD, storeEmail } from '../src/sandbox/index.ts';
import type { StoreIdentity } from '../src/store/identity.ts';
import { enqueueSync } from '../src/sync/index.ts';
import { storePrefix } from '../src/sync/queue/keys.ts';
import { RedisCluster } from '../test/helpers/redis-cluster.ts';
import { inBatches, masterPorts, reached, requestsOf, startAgencyStores } from './agency-cluster-support.ts';
import { selfTimes, topOf } from './cpu-profile-top.ts';
import { grownMost, heapGroups, type HeapGroups } from './heap-groups.ts';
import { PrintedFigures } from './results-section.ts';
import { deletePrefix, fmt, productSheet, stopChild } from './sync-support.ts';
import { startWorker } from './worker-process.ts';
import { numberArg } from './args.ts';

const N = numberArg('stores', 40);
const ROWS = numberArg('rows', 600);
const SETTLE_S = numberArg('settle', 20);
const STEADY_S = numberArg('steady', 40);
const SINGLE = process.argv.includes('--single');
/** Heap snapshots and the CPU profiler malloc memory of their own: RSS is judged from a run without them. */
const SNAPSHOTS = process.argv.includes('--snapshots');
const PROFILE = process.argv.includes('--cpu-profile');
/** --env NAME=VALUE (repeatable): set for the worker only, e.g. a malloc tunable to compare. */
const WORKER_ENV = Object.fromEntries(
  process.argv.flatMap((a, i) => (a === '--env' ? [process.argv[i + 1]!.split(/=(.*)/s).slice(0, 2)] : [])),
) as Record<string, string>;
const RATE = 2;
const LATENCY_MS = 50;

const figures = new PrintedFigures(
  'worker-memory',
  `ONE \`catalog-sync worker\` serves ${2 * N} sandbox stores (${RATE}/s each, ${LATENCY_MS} ms latency) from a stores file on ${SINGLE ? 'one Redis' : 'a local 3-master Redis Cluster'}${
    Object.keys(WORKER_ENV).length
      ? ` (worker env ${Object.entries(WORKER_ENV)
          .map(([k, v]) => `${k}=${v}`)
          .join(' ')})`
      : ''
  }. Probed (bench/memory-probe.mjs) idle, with ${N} stores busy (a batch of ${ROWS} rows each, ${SETTLE_S} s after queueing) and with all ${2 * N} busy: RSS and memoryUsage (heap after the snapshot's full GC), and the heap snapshots' growth per busy store by constructor. Over ${STEADY_S} s at ${N} and at ${2 * N} busy: CPU self time (--cpu-prof) per create the stores received, and Redis commands per create (INFO commandstats on every master).`,
);

interface Probe {
  wallMs: number;
  endWallMs: number;
  monoUs: number;
  endMonoUs: number;
  cpuUs: { user: number; system: number };
  /** After the probe's own work (a snapshot): a window's CPU starts here. */
  endCpuUs: { user: number; system: number };
  before: NodeJS.MemoryUsage;
  after: NodeJS.MemoryUsage;
  rollup: string;
  anonymous: { rssKb: number; bySize: Record<string, { count: number; rssKb: number }> };
}

const mb = (bytes: number) => fmt(bytes / 1e6, 1);
const dir = await mkdtemp(join(tmpdir(), 'bench-worker-memory-'));
const prefix = `bench-worker-memory-${randomUUID().slice(0, 8)}`;
const storesFile = join(dir, 'stores.yaml');
/** Every process it starts is stopped in the end, however the run ends. */
const cleanups: (() => Promise<unknown>)[] = [];
const cluster = SINGLE ? null : await RedisCluster.start(3);
if (cluster) cleanups.push(() => cluster.stop());
const redisCluster = cluster?.ports.map((port) => ({ host: '127.0.0.1', port })) ?? [];
const masters = cluster ? await masterPorts(cluster.ports[0]!) : [6379];
const sandbox = await startAgencyStores(2 * N, { latencyMs: LATENCY_MS, rate: RATE, storesFile }).catch(
  async (error: unknown) => {
    await cleanup();
    throw error;
  },
);
cleanups.push(async () => {
  sandbox.child.kill('SIGTERM');
  await once(sandbox.child, 'exit');
});
const identities: StoreIdentity[] = Array.from({ length: 2 * N }, (_, i) => ({
  id: `s${i + 1}`,
  url: `${sandbox.url}/s/${i + 1}`,
  account: storeEmail(i + 1),
}));
const worker = await startWorker(2 * N, {
  NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import=${resolve('bench/memory-probe.mjs')}`.trim(),
  ...WORKER_ENV,
  MEMORY_PROBE_DIR: dir,
  ...(PROFILE ? { MEMORY_PROBE_CPU: '1' } : {}),
  STORES_FILE: storesFile,
  SANDBOX_PASSWORD: DEMO_PASSWORD,
  ...(cluster ? { REDIS_CLUSTER_NODES: cluster.nodeList } : { REDIS_URL: 'redis://127.0.0.1:6379' }),
  QUEUE_PREFIX: prefix,
  STORE_WORKERS: '1',
  REPORT_DIR: join(dir, 'reports'),
  JOBS_DIR: join(dir, 'no-jobs'),
  DROP_DIR: join(dir, 'drop'),
}).catch(async (error: unknown) => {
  await cleanup();
  throw error;
});
cleanups.unshift(() => stopChild(worker));

async function cleanup(): Promise<void> {
  for (const step of cleanups.splice(0)) await step().catch(() => undefined);
  if (SINGLE) await deletePrefix('redis://127.0.0.1:6379', prefix);
  await rm(dir, { recursive: true, force: true });
}

let probes = 0;
async function probe(snapshot: boolean): Promise<{ probe: Probe; heap?: HeapGroups }> {
  const at = probes++;
  if (snapshot) await writeFile(join(dir, `probe-${at}.snapshot`), '');
  worker.kill('SIGUSR2');
  const file = join(dir, `probe-${at}.json`);
  if (!(await reached(() => existsSync(file), 300_000))) throw new Error(`probe ${at} not written`);
  const read = JSON.parse(await readFile(file, 'utf8')) as Probe;
  if (!snapshot) return { probe: read };
  const path = join(dir, `probe-${at}.heapsnapshot`);
  const heap = await heapGroups(path);
  await rm(path);
  return { probe: read, heap };
}

const kb = (rollup: string, name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(rollup)?.[1] ?? 0);
function describe(label: string, p: Probe): string {
  const m = p.after;
  const arenas = Object.entries(p.anonymous.bySize)
    .sort((a, b) => b[1].rssKb - a[1].rssKb)
    .slice(0, 6)
    .map(([key, s]) => {
      const [name, size] = key.split(' ');
      return `${s.count} x ${name} ${fmt(Number(size) / 1024, 1)} MB: ${fmt(s.rssKb / 1024, 1)} MB`;
    })
    .join(', ');
  return `${label}: RSS ${mb(kb(p.rollup, 'Rss') * 1024)} MB (anonymous ${mb(kb(p.rollup, 'Anonymous') * 1024)}), heap used ${mb(p.before.heapUsed)} MB before GC, ${mb(m.heapUsed)} after (total ${mb(m.heapTotal)}), external ${mb(m.external)} MB (array buffers ${mb(m.arrayBuffers)}); anonymous mappings by RSS: ${arenas}`;
}

function redisOn(port: number): Redis {
  return new Redis({ port, host: '127.0.0.1', lazyConnect: true });
}
async function resetStats(): Promise<void> {
  for (const port of masters) {
    const redis = redisOn(port);
    await redis.config('RESETSTAT');
    redis.disconnect();
  }
}
async function commandStats(): Promise<Map<string, number>> {
  const calls = new Map<string, number>();
  for (const port of masters) {
    const redis = redisOn(port);
    const text = await redis.info('commandstats');
    redis.disconnect();
    for (const [, name, n] of text.matchAll(/^cmdstat_(\S+):calls=(\d+)/gm))
      calls.set(name!, (calls.get(name!) ?? 0) + Number(n));
  }
  // The INFO that read them
  return calls;
}

async function createsBetween(stores: StoreIdentity[], from: number, to: number): Promise<number> {
  const counts = await inBatches(stores, 16, async (s) => {
    const creates = (await requestsOf(s.url)).filter((r) => r.path === '/v1/create_product');
    return creates.filter((r) => r.at >= from && r.at < to).length;
  });
  return counts.reduce((a, b) => a + b, 0);
}

async function queueBatches(stores: StoreIdentity[]): Promise<void> {
  const sheet = await productSheet(ROWS, 'rows.csv');
  await inBatches(stores, 8, (store) =>
    enqueueSync(
      { file: sheet },
      {
        ...(cluster ? { redisCluster } : { redisUrl: 'redis://127.0.0.1:6379' }),
        prefix: storePrefix(prefix, store),
        store,
        reportDir: join(dir, 'reports', store.id!),
        rate: RATE,
      },
    ),
  );
}

interface Window {
  /** The probe that closed it: its profile is the window's. */
  at: number;
  from: Probe;
  to: Probe;
  creates: number;
  commands: Map<string, number>;
}

/** A steady window from now: the commands and creates until its closing probe. */
async function steady(from: Probe, busy: StoreIdentity[]): Promise<Window> {
  await resetStats();
  await new Promise((r) => setTimeout(r, STEADY_S * 1000));
  const at = probes;
  const { probe: to } = await probe(false);
  const commands = await commandStats();
  return { at, from, to, creates: await createsBetween(busy, from.endWallMs, to.wallMs), commands };
}

function commandsLine(label: string, w: Window): string {
  const total = [...w.commands.values()].reduce((a, b) => a + b, 0);
  const top = [...w.commands.entries()]
    .sort((a, b) => b[1] - a[1])
    .filter(([, n]) => n / w.creates >= 0.2)
    .map(([name, n]) => `${name} ${fmt(n / w.creates, 2)}`)
    .join(', ');
  const cpu = (w.to.cpuUs.user + w.to.cpuUs.system - w.from.endCpuUs.user - w.from.endCpuUs.system) / 1000;
  const seconds = (w.to.wallMs - w.from.endWallMs) / 1000;
  return `${label}: ${w.creates} creates in ${fmt(seconds, 1)} s (${fmt(w.creates / seconds, 1)}/s), worker CPU ${fmt(cpu / w.creates, 2)} ms per create (${fmt(cpu / 1000 / seconds, 2)} core); Redis commands per create ${fmt(total / w.creates, 1)}: ${top}`;
}

function heapLines(label: string, a: HeapGroups, b: HeapGroups, per: number): string {
  const grown = grownMost(a.groups, b.groups, per, 22)
    .map((g) => `  ${fmt(g.bytes / 1024, 1)} KB  ${fmt(g.count, 1)} x  ${g.key}`)
    .join('\n');
  const large = grownMost(a.large, b.large, per, 8)
    .filter((g) => g.bytes > 0)
    .map((g) => `  ${fmt(g.bytes / 1024, 1)} KB  ${fmt(g.count, 2)} x  ${g.key}`)
    .join('\n');
  return `${label}: heap snapshot ${mb(a.total)} -> ${mb(b.total)} MB, ${fmt((b.total - a.total) / per / 1024, 1)} KB and ${fmt((b.nodes - a.nodes) / per, 0)} nodes per store; grown most per store (self size, count):\n${grown}\n large nodes per store:\n${large}`;
}

async function cpuLines(windows: [string, Window][]): Promise<string> {
  const out: string[] = [];
  for (const [label, w] of windows) {
    const t = await selfTimes(join(dir, `probe-${w.at}.cpuprofile`));
    const per = (us: number) => `${fmt(us / w.creates, 0)} µs`;
    out.push(`${label}: sampled busy ${per(t.busyUs)} per create; by owner:`);
    out.push(...topOf(t.byOwner, 14).map(([k, us]) => `  ${per(us)}  ${k}`));
    out.push('  top functions (self):');
    out.push(...topOf(t.byFunction, 25).map(([k, us]) => `  ${per(us)}  ${k}`));
    out.push('  native code by its callers:');
    out.push(...topOf(t.nativeByCaller, 12).map(([k, us]) => `  ${per(us)}  ${k}`));
  }
  return out.join('\n');
}

try {
  const idle = await probe(SNAPSHOTS);
  figures.print(describe(`${2 * N} stores idle`, idle.probe));
  const first = identities.slice(0, N);
  await queueBatches(first);
  await new Promise((r) => setTimeout(r, SETTLE_S * 1000));
  const half = await probe(SNAPSHOTS);
  figures.print(describe(`${N} busy`, half.probe));
  const w1 = await steady(half.probe, first);
  figures.print(commandsLine(`${N} busy`, w1));
  await queueBatches(identities.slice(N));
  await new Promise((r) => setTimeout(r, SETTLE_S * 1000));
  const full = await probe(SNAPSHOTS);
  figures.print(describe(`${2 * N} busy`, full.probe));
  const w2 = await steady(full.probe, identities);
  figures.print(commandsLine(`${2 * N} busy`, w2));
  if (SNAPSHOTS) {
    figures.print(heapLines(`idle -> ${N} busy`, idle.heap!, half.heap!, N));
    figures.print(heapLines(`${N} -> ${2 * N} busy`, half.heap!, full.heap!, N));
  }
  if (PROFILE)
    figures.print(
      await cpuLines([
        [`${N} busy`, w1],
        [`${2 * N} busy`, w2],
      ]),
    );
} catch (error) {
  figures.print(`NOT FINISHED: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await figures.write();
  await cleanup();
}
