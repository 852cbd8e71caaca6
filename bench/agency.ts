/**
 * An agency's deployment (issues 29 and 41): 50 stores at 10 requests/s each, the store answering
 * in 50 ms, all served by ONE `catalog-sync worker` process from a stores file, on one Redis or
 * (--cluster) on a local 3-master Redis Cluster; --both runs one then the other and prints the
 * ratios cluster / one Redis (--pairs N: N pairs, ABBA, each pair's ratios and their median).
 * Store s01 gets a backlog queued first; then every other store a batch of --rows rows (900: 90 s
 * at its limit). One run: bench/agency-support.ts.
 *
 * The judge of arrivals is the kernel: tcpdump on lo stamps each request as its first packet reaches
 * the store's port (bench/capture-support.ts); the stores' own logs stamp when their event loop
 * gets to it, late and in bunches under load. Without tcpdump (absent, not permitted, or
 * --no-capture) the stores' logs judge, and the figures say so.
 *
 * Figures: each store's share of its limit (over whole windows of its creates; goal >= 95%) and its
 * worst 1 s window of POST/PUT requests, logins included (never over 10); the capture's count of
 * requests per store against the store's own; the worker's CPU over the batches (goal <= 0.5 core
 * at the 490 requests/s) and its peak RSS (goal <= 400 MB); fairness: each small batch's
 * first-to-last create against what its rate alone allows (goal <= 1.5x) while s01's backlog waits.
 *
 *   npx tsx bench/agency.ts [--stores 50] [--rows 900] [--backlog 5000] [--cluster | --both [--pairs 1]] [--no-capture]
 */
import { maxInWindow } from '../src/sandbox/index.ts';
import { runAgency, type AgencyOptions, type AgencyRun } from './agency-support.ts';
import { countCheck, logLag, percentile } from './capture-judge.ts';
import type { Arrival } from './capture-support.ts';
import { PrintedFigures } from './results-section.ts';
import { fmt } from './sync-support.ts';
import { numberArg } from './args.ts';

const flag = (name: string) => process.argv.includes(`--${name}`);
const options: Omit<AgencyOptions, 'cluster'> = {
  stores: numberArg('stores', 50),
  rate: 10,
  latencyMs: 50,
  rows: numberArg('rows', 900),
  backlog: numberArg('backlog', 5_000),
  capture: !flag('no-capture'),
};
const { stores: STORES, rate: RATE, rows: ROWS } = options;
const PAIRS = flag('both') ? numberArg('pairs', 1) : 1;
/**
 * The runs, in order (true: on the cluster). --both: one Redis then the cluster; --pairs N: N such
 * pairs, every other one the cluster first (ABBA), so a machine that speeds up or slows down over
 * the runs moves both sides of the ratios.
 */
const runs: boolean[][] = flag('both')
  ? Array.from({ length: PAIRS }, (_, i) => (i % 2 === 0 ? [false, true] : [true, false]))
  : [[flag('cluster')]];
const modes = runs.flat();
const redisName = (cluster: boolean) => (cluster ? 'a local 3-master Redis Cluster' : 'one Redis');

const figures = new PrintedFigures(
  modes.length >= 2 ? 'agency (one Redis, then Redis Cluster)' : modes[0] ? 'agency (Redis Cluster)' : 'agency',
  `${STORES} sandbox stores in one process of their own (nice -10 where allowed), each on its own port, ${options.latencyMs} ms latency, rate ${RATE}/s each; ONE \`catalog-sync worker\` serves them all from a stores file (concurrency 4 each) on ${modes.length >= 2 ? `one Redis, then on a local 3-master Redis Cluster${PAIRS > 1 ? ` (${PAIRS} pairs of runs, every other pair the cluster first; the ratios are each pair's and their median)` : ''}` : redisName(modes[0]!)}. Store s01's backlog of ${options.backlog} rows is queued first, then a ${ROWS}-row batch for each other store (${STORES - 1} batches, ${(STORES - 1) * RATE} requests/s at the limits, ${fmt(ROWS / RATE)} s each). Judge: the arrival times the kernel captured (tcpdump on lo, -tt: each request's first packet as it reached the store's port), or the stores' own logs where tcpdump cannot run; each run names the judge it used, and the capture's count of POST/PUT /v1 requests per store is checked against the store's own. Share: over whole windows of ${RATE} creates (goal >= 95%); worst 1 s window: every POST/PUT /v1 request, logins included (never over ${RATE}). CPU and peak RSS: the worker process, /proc, from the first batch queued to the last reported (goals <= 0.5 core, <= 400 MB); CPU per request over the requests the stores logged meanwhile. Fairness: each small batch's first-to-last create against ${ROWS}/${RATE} s (goal <= 1.5x) while s01's backlog waits.`,
);

const pct = (x: number) => `${fmt(x * 100, 1)}%`;
const spread = (values: number[], show: (x: number) => string) =>
  `min ${show(Math.min(...values))}, median ${show(percentile(values, 50))}, max ${show(Math.max(...values))}`;
const idOf = (i: number) => `s${String(i + 1).padStart(2, '0')}`;
const createsOf = (arrivals: Arrival[]) =>
  arrivals
    .filter((a) => a.path === '/v1/create_product')
    .map((a) => a.at)
    .sort((a, b) => a - b);

/** Requests per second over whole windows of RATE creates from the first (bench/rate-limit.ts). */
function achieved(times: number[]): number {
  const m = Math.floor((times.length - 1) / RATE) * RATE;
  return m > 0 ? (m / (times[m]! - times[0]!)) * 1000 : 0;
}

/** What one judge's arrivals say: the small batches' shares and spreads, every store's worst window. */
function verdict(perStore: Arrival[][]) {
  const small = perStore.slice(1).map(createsOf);
  const worst = perStore.map((arrivals) =>
    maxInWindow(
      arrivals.map((a) => a.at).sort((a, b) => a - b),
      1000,
    ),
  );
  return {
    shares: small.map((times) => achieved(times) / RATE),
    fairness: small.map((times) => (times.at(-1)! - times[0]!) / (((ROWS - 1) / RATE) * 1000)),
    creates: small.map((times) => times.length),
    worst: Math.max(...worst),
    backlogWorst: worst[0]!,
  };
}

function countLine(run: AgencyRun): string[] {
  return run.capture ? [countCheck('POST/PUT /v1 requests', run.judged, run.logged, idOf, run.capture)] : [];
}

interface RunSummary {
  shareMedian: number;
  shareMin: number;
  cpuPerRequestMs: number;
  peakMb: number;
}

function report(run: AgencyRun, cluster: boolean): RunSummary {
  const judged = verdict(run.judged);
  const logged = verdict(run.logged);
  const requests = run.logged.reduce((n, list) => n + list.filter((a) => a.at >= run.from && a.at <= run.to).length, 0);
  const backlogSent = createsOf(run.logged[0]!).length;
  const cpuPerRequest = run.cpuS / requests;
  const wrongCreates = judged.creates.flatMap((n, i) => (n === ROWS ? [] : [`${idOf(i + 1)} ${n}`]));
  const over = judged.worst > RATE ? ' EXCEEDED' : ', never over';
  figures.print(
    [
      `-- on ${redisName(cluster)}: stores ${STORES} x ${RATE}/s, latency ${options.latencyMs} ms, ${STORES - 1} batches of ${ROWS} rows + s01's backlog of ${options.backlog} (${backlogSent} of it sent meanwhile)`,
      `judge: ${run.judge}`,
      ...countLine(run),
      `creates per small batch, judged: ${wrongCreates.length === 0 ? `${ROWS} at every store` : `NOT ${ROWS} at ${wrongCreates.join(', ')}`}`,
      `achieved share of each store's limit: ${spread(judged.shares, pct)} (goal >= 95%)`,
      `worst 1 s window at any store, every POST/PUT /v1 request (logins included): ${judged.worst} (limit ${RATE}; s01 ${judged.backlogWorst})${over}`,
      ...(run.capture
        ? [
            `the stores' own logs, for comparison: share ${spread(logged.shares, pct)}, worst 1 s window ${logged.worst}; ${logLag(run.judged, run.logged)}`,
          ]
        : []),
      `worker CPU: ${fmt(run.cpuS, 1)} s over ${fmt(run.wallS, 1)} s = ${fmt(run.cpuS / run.wallS, 2)} core for ${fmt(requests / run.wallS)} requests/s on average; ${fmt(cpuPerRequest * 1000, 2)} ms CPU per request, so ${fmt(cpuPerRequest * (STORES - 1) * RATE, 2)} core at the stores' ${(STORES - 1) * RATE} requests/s (goal <= 0.5 core)`,
      `the watchers, same time, same cores: tcpdump ${fmt(run.observerCpuS.tcpdump, 1)} s CPU, this bench process ${fmt(run.observerCpuS.bench, 1)} s`,
      `the stores' process: its event loop late by at most ${fmt(run.storesLoopMs)} ms (a late loop stamps its log late, in bunches)`,
      `worker peak RSS: ${fmt(run.peakMb)} MB (goal <= 400 MB)`,
      `fairness, first-to-last create / what the rate allows: ${spread(judged.fairness, (x) => `${fmt(x, 2)}x`)} (goal <= 1.5x), s01's backlog still queued`,
    ].join('\n'),
  );
  return {
    shareMedian: percentile(judged.shares, 50),
    shareMin: Math.min(...judged.shares),
    cpuPerRequestMs: cpuPerRequest * 1000,
    peakMb: run.peakMb,
  };
}

/** Cluster over one Redis, each pair's: [share median, share min, CPU per request, peak RSS]. */
function pairRatios(one: RunSummary, cluster: RunSummary): number[] {
  return [
    cluster.shareMedian / one.shareMedian,
    cluster.shareMin / one.shareMin,
    cluster.cpuPerRequestMs / one.cpuPerRequestMs,
    cluster.peakMb / one.peakMb,
  ];
}

function ratios(pairs: number[][]): void {
  const x = (i: number) => {
    const each = pairs.map((pair) => pair[i]!);
    const median = `${fmt(percentile(each, 50), 2)}x`;
    return each.length === 1 ? median : `${median} (pairs: ${each.map((r) => `${fmt(r, 2)}x`).join(', ')})`;
  };
  figures.print(
    [
      `-- cluster / one Redis (goal: within 1.1x)${pairs.length > 1 ? `, the median of ${pairs.length} pairs` : ''}`,
      `share: median ${x(0)}, min ${x(1)} (goal >= 0.91x)`,
      `CPU per request: ${x(2)} (goal <= 1.1x)`,
      `peak RSS: ${x(3)} (goal <= 1.1x)`,
    ].join('\n'),
  );
}

const pairs: number[][] = [];
for (const pair of runs) {
  const summary = new Map<boolean, RunSummary>();
  for (const cluster of pair) summary.set(cluster, report(await runAgency({ ...options, cluster }), cluster));
  if (pair.length === 2) pairs.push(pairRatios(summary.get(false)!, summary.get(true)!));
}
if (pairs.length > 0) ratios(pairs);
await figures.write();
