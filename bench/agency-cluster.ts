/**
 * An agency on a Redis Cluster (issue 41): N sandbox stores (default 500) at R requests/s each
 * (default 2), the stores answering in 50 ms, served by W `catalog-sync worker` processes (default
 * 4) from one stores file on a local 3-master Redis Cluster (test/helpers/redis-cluster.ts), each
 * store by one worker at a time (STORE_WORKERS 1, src/app/leases). Every store gets a batch of
 * --rows rows; after --steady seconds of sending, the worker serving the most stores is killed
 * (SIGKILL) and the time until each of its stores with rows left receives a create again is taken
 * at the store; --after seconds after they are all served again, one more worker joins and the
 * stores that move to it are counted. Every batch must then end: rows lost or sent twice are read
 * from the batch summaries (the ledger's counts) and from the stores' own products.
 *
 * The judge of arrivals is the kernel (issue 41): tcpdump on lo stamps each request as its first
 * packet reaches the sandbox's one port (bench/capture-support.ts), and its path's `/s/<n>/` names
 * its store (bench/agency-cluster-judge.ts). The stores' own logs stamp when the sandbox's event
 * loop reaches a request, late and in bunches under load: they are printed beside, with how much
 * later they stamped. Without tcpdump (absent, not permitted, or --no-capture) the logs judge, and
 * the figures say so. A window over the limit is printed with its requests, the worker that sent
 * each (its connection's owner, bench/connection-owners.ts) and the workers that started the store.
 *
 *   npx tsx bench/agency-cluster.ts [--stores 500] [--rate 2] [--workers 4] [--rows 300] [--steady 40] [--after 20] [--start-timeout 900] [--no-capture]
 */
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_PASSWORD, storeEmail } from '../src/sandbox/index.ts';
import type { BatchSummary } from '../src/report/summary.ts';
import type { StoreIdentity } from '../src/store/identity.ts';
import { enqueueSync, waitForBatch } from '../src/sync/index.ts';
import { storePrefix } from '../src/sync/queue/keys.ts';
import { RedisCluster } from '../test/helpers/redis-cluster.ts';
import {
  barcodesOf,
  connectionsOn,
  inBatches,
  masterPorts,
  requestsOf,
  startAgencyStores,
  startAgencyWorker,
  reached,
  type AgencyWorker,
} from './agency-cluster-support.ts';
import {
  byStore,
  describeWindow,
  inTimeOrder,
  overWindows,
  placeWindows,
  worstWindow,
  type StoreArrival,
  type WindowContext,
} from './agency-cluster-judge.ts';
import { countCheck, logLag, percentile } from './capture-judge.ts';
import { KernelCapture } from './capture-support.ts';
import { ConnectionOwners } from './connection-owners.ts';
import { PrintedFigures } from './results-section.ts';
import { fmt, productSheet } from './sync-support.ts';
import { cpuWindow } from './machine-cpu.ts';
import { cpuSeconds, rssMb } from './worker-process.ts';
import { numberArg } from './args.ts';

const STORES = numberArg('stores', 500);
const RATE = numberArg('rate', 2);
const WORKERS = numberArg('workers', 4);
const ROWS = numberArg('rows', 300);
const STEADY_S = numberArg('steady', 40);
const AFTER_S = numberArg('after', 20);
const CAPTURE = !process.argv.includes('--no-capture');
const LATENCY_MS = 50;
/** Every wait of the bench is bounded: a run that cannot finish says where it stopped. */
const START_TIMEOUT_MS = numberArg('start-timeout', 15 * 60) * 1000;
const TAKEOVER_TIMEOUT_MS = 120_000;
const END_TIMEOUT_MS = ((ROWS / RATE) * 3 + 300) * 1000;

const figures = new PrintedFigures(
  `agency-cluster (${STORES} stores)`,
  `${STORES} sandbox stores in one process of their own (\`catalog-sync sandbox --stores ${STORES}\`, nice -10), ${LATENCY_MS} ms latency, limit ${RATE}/s each (the store answers 429 over it); ${WORKERS} \`catalog-sync worker\` processes serve them from its stores file on a local 3-master Redis Cluster (no replicas), STORE_WORKERS 1. Each store gets a batch of ${ROWS} rows. Judge: the arrival times the kernel captured (tcpdump on lo, -tt: each request's first packet as it reached the sandbox's one port, its store named by its path's /s/<n>/), or the stores' own logs where tcpdump cannot run; the run names the judge it used, checks the capture's count of /v1 requests per store against the store's own log and prints the logs' figures beside, with how much later they stamped than the kernel. Share: creates over whole windows of ${RATE}, from each store's first create until the kill (goal >= 95%). Worst 1 s window: every /v1 request the store received (logins included); a window over the limit is printed with its requests, the worker that sent each (its connection's owner in /proc) and the workers that started the store. Connections: CLIENT LIST on every master while every batch runs (the bench's own connections closed). RSS: VmHWM of each worker. Then the worker serving most stores is SIGKILLed: served again = kill to the first create each of its stores with rows left received; then one worker joins. Lost / twice: from every batch's summary and every store's products.`,
);

const storeOf = (url: string, n: number): StoreIdentity => ({
  id: `s${n}`,
  url: `${url}/s/${n}`,
  account: storeEmail(n),
});
const pct = (x: number) => `${fmt(x * 100, 1)}%`;
const elapsed = (since: number) => `${fmt((Date.now() - since) / 1000, 1)} s`;
const log = (line: string) => console.error(`[agency-cluster ${new Date().toISOString().slice(11, 19)}] ${line}`);

/** Requests per second over whole windows of RATE creates from the first (bench/agency.ts). */
function achieved(times: number[]): number {
  const m = Math.floor((times.length - 1) / RATE) * RATE;
  return m > 0 ? (m / (times[m]! - times[0]!)) * 1000 : 0;
}

const dir = await mkdtemp(join(tmpdir(), 'bench-agency-cluster-'));
const prefix = `bench-agency-cluster-${randomUUID().slice(0, 8)}`;
const storesFile = join(dir, 'stores.yaml');
const benchStart = Date.now();
log(`starting a 3-master Redis Cluster and ${STORES} stores`);
const cluster = await RedisCluster.start(3);
const sandbox = await startAgencyStores(STORES, { latencyMs: LATENCY_MS, rate: RATE, storesFile });
const sandboxPort = Number(new URL(sandbox.url).port);
// Before any worker starts: their logins are counted on both sides. GET too: the store's limit counts every request.
const capture = CAPTURE
  ? await KernelCapture.start([sandboxPort], { methods: ['GET', 'POST', 'PUT'], prefixLength: `/s/${STORES}`.length })
  : '--no-capture';
const captureFrom = { at: Date.now(), cpuS: typeof capture === 'string' ? 0 : await cpuSeconds(capture.pid) };
const workers: AgencyWorker[] = [];
const workerName = (worker: AgencyWorker) => `worker ${workers.indexOf(worker) + 1}`;
const owners = new ConnectionOwners(sandboxPort, () =>
  workers.filter((w) => w.alive).map((w) => ({ pid: w.pid, name: workerName(w) })),
);
/** Names the owner of each new connection to the stores while it is open (the capture names only its port). */
const learning = (() => {
  if (typeof capture === 'string') return undefined;
  const fresh = capture.follow();
  return setInterval(() => owners.learn(fresh().flatMap((a) => (a.path.includes('/v1/') ? [a.from] : []))), 500);
})();
const identities = Array.from({ length: STORES }, (_, i) => storeOf(sandbox.url, i + 1));
const redisCluster = cluster.ports.map((port) => ({ host: '127.0.0.1', port }));
const workerEnv = {
  STORES_FILE: storesFile,
  SANDBOX_PASSWORD: DEMO_PASSWORD,
  REDIS_CLUSTER_NODES: cluster.nodeList,
  QUEUE_PREFIX: prefix,
  STORE_WORKERS: '1',
  REPORT_DIR: join(dir, 'reports'),
  JOBS_DIR: join(dir, 'no-jobs'),
  DROP_DIR: join(dir, 'drop'),
};
const target = (store: StoreIdentity) => ({
  redisCluster,
  prefix: storePrefix(prefix, store),
  store,
  reportDir: join(dir, 'reports', store.id!),
  rate: RATE,
});
const storeUrl = (id: string) => identities[Number(id.slice(1)) - 1]!.url;
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
const onMasters = (list: number[]) => `${sum(list)} (${list.join(' + ')} on the 3 masters)`;
const served = () => workers.filter((w) => w.alive).flatMap((w) => [...w.served]);
const everyStoreOnce = () => {
  const all = served();
  return all.length === STORES && new Set(all).size === STORES;
};
/** When the kill and the join happened (ms epoch), to place a window over the limit. */
const phases: { killedAt?: number; joinedAt?: number; takenOver?: string[]; left?: Map<string, number> } = {};
const sleep = (s: number) => new Promise((resolve) => setTimeout(resolve, s * 1000));

/** Starts the workers and queues one batch per store; false when they did not all start in time. */
async function start(masters: number[]): Promise<{ batchIds: string[] } | undefined> {
  for (let i = 0; i < WORKERS; i++) workers.push(startAgencyWorker(workerEnv));
  const ok = await reached(everyStoreOnce, START_TIMEOUT_MS);
  const idle = await connectionsOn(masters);
  figures.print(
    `${WORKERS} workers ${ok ? 'served' : 'NOT YET serving'} every store once after ${elapsed(benchStart)} (${served().length} of ${STORES} started): ${workers.map((w) => w.served.size).join(' / ')} stores each; Redis connections, all idle: ${onMasters(idle)}`,
  );
  if (!ok) return undefined;
  const sheet = await productSheet(ROWS, 'rows.csv');
  const queued = Date.now();
  const batches = await inBatches(identities, 8, (store) => enqueueSync({ file: sheet }, target(store)));
  figures.print(`${STORES} batches of ${ROWS} rows queued in ${elapsed(queued)} (8 at a time)`);
  return { batchIds: batches.map((b) => b.batchId) };
}

/** Every batch running: connections, peak RSS, CPU (the shares are judged at the end, up to the kill). */
async function steady(masters: number[]): Promise<void> {
  const cpu = await cpuWindow({
    workers: workers.map((w) => w.pid),
    'the stores': [sandbox.child.pid!],
    'Redis masters': cluster.pids,
    ...(typeof capture === 'string' ? {} : { tcpdump: [capture.pid] }),
    'this bench (reads the capture)': [process.pid],
  });
  await sleep(STEADY_S);
  const cpuText = await cpu.text();
  const busy = await connectionsOn(masters);
  const rss = await Promise.all(workers.map(async (w) => (await rssMb(w.pid)).peak));
  figures.print(
    [
      `Redis connections, every batch running: ${onMasters(busy)}; goal <= ${2 * STORES + 20 * WORKERS} (2 per store + 20 per worker)`,
      `worker peak RSS: ${rss.map((mb) => fmt(mb)).join(' / ')} MB (goal <= 400 MB each)`,
      cpuText,
    ].join('\n'),
  );
}

const CREATE = /^\/s\/(\d+)\/v1\/create_product$/;

/**
 * From the capture as it is read, without asking the stores (their logs' replies cost the sandbox's
 * loop, which stamps and limits by it): each call yields the creates captured since the last one,
 * after `since`, as [store id, ms epoch]. Undefined when the logs judge.
 */
function createsSince(since: number): (() => [string, number][]) | undefined {
  if (typeof capture === 'string') return undefined;
  const fresh = capture.follow();
  return () =>
    fresh().flatMap((a): [string, number][] => {
      const match = CREATE.exec(a.path);
      return match && a.at > since ? [[`s${match[1]!}`, a.at]] : [];
    });
}

/** kill -9 of the worker serving most stores: how soon each of its stores with rows left is served again. */
async function killOne(): Promise<void> {
  const victim = [...workers].sort((a, b) => b.served.size - a.served.size)[0]!;
  const stores = [...victim.served];
  const left = await inBatches(stores, 16, async (id) => ROWS - (await barcodesOf(storeUrl(id))).length);
  const withRows = stores.filter((_, i) => left[i]! > 0);
  const killedAt = Date.now();
  Object.assign(phases, { killedAt, takenOver: withRows, left: new Map(stores.map((id, i) => [id, left[i]!])) });
  await victim.kill();
  log(`killed worker ${victim.id} (${stores.length} stores)`);
  const takenOver = await reached(everyStoreOnce, TAKEOVER_TIMEOUT_MS);
  const takenOverS = (Date.now() - killedAt) / 1000;
  const servedThen = served().length;
  const firstAfter = new Map<string, number>();
  const creates = createsSince(killedAt);
  await reached(async () => {
    const pending = withRows.filter((id) => !firstAfter.has(id));
    if (creates) {
      for (const [id, at] of creates()) if (pending.includes(id) && !firstAfter.has(id)) firstAfter.set(id, at);
    } else
      await inBatches(pending, 16, async (id) => {
        const after = (await requestsOf(storeUrl(id))).filter(
          (r) => r.path === '/v1/create_product' && r.at > killedAt,
        );
        if (after.length > 0) firstAfter.set(id, Math.min(...after.map((r) => r.at)));
      });
    return firstAfter.size === withRows.length;
  }, TAKEOVER_TIMEOUT_MS);
  const again = [...firstAfter.values()].map((at) => (at - killedAt) / 1000);
  const within = again.length
    ? `median ${fmt(percentile(again, 50), 1)} s, max ${fmt(Math.max(...again), 1)} s`
    : 'never';
  figures.print(
    `kill -9 of the worker serving ${stores.length} stores: ${takenOver ? `the others served them all after ${fmt(takenOverS, 1)} s` : `NOT all taken over within ${TAKEOVER_TIMEOUT_MS / 1000} s (${servedThen} of ${STORES} served then)`} (their logs); ${firstAfter.size} of the ${withRows.length} with rows left received a create again, within ${within} of the kill (goal <= 30 s, judged at the store: ${typeof capture === 'string' ? 'its log' : 'the kernel capture'})`,
  );
}

/** One more worker: the stores that move to it. */
async function joinOne(): Promise<void> {
  await sleep(AFTER_S);
  const before = workers.filter((w) => w.alive).map((w) => new Set(w.served));
  const joinedAt = Date.now();
  phases.joinedAt = joinedAt;
  const joiner = startAgencyWorker(workerEnv);
  workers.push(joiner);
  const ok = await reached(() => joiner.id !== '' && everyStoreOnce(), TAKEOVER_TIMEOUT_MS);
  const moved = [...joiner.served];
  const from = before.map((share) => moved.filter((id) => share.has(id)).length);
  const left = await inBatches(moved, 16, async (id) => (await barcodesOf(storeUrl(id))).length < ROWS);
  figures.print(
    `a worker joining ${AFTER_S} s later took ${moved.length} stores (${from.join(' + ')} from the others; ${left.filter(Boolean).length} of them with rows left) ${ok ? `within ${fmt((Date.now() - joinedAt) / 1000, 1)} s` : `NOT settled within ${TAKEOVER_TIMEOUT_MS / 1000} s`}`,
  );
}

/** The capture ended (every worker stopped first) and what it cost; undefined when the logs judge. */
async function endCapture() {
  if (typeof capture === 'string') return undefined;
  clearInterval(learning);
  const cpuS = (await cpuSeconds(capture.pid)) - captureFrom.cpuS;
  const wallS = (Date.now() - captureFrom.at) / 1000;
  const end = await capture.stop(sandboxPort);
  return { end, arrivals: capture.all(), cpuS, wallS, snaplen: capture.snaplen };
}

/** The workers that started store i, and when: a window over the limit is placed against them. */
const startsOf = (i: number) =>
  workers
    .flatMap((w) => {
      const at = w.startedAt.get(`s${i + 1}`);
      return at === undefined ? [] : [{ worker: workerName(w), at }];
    })
    .sort((a, b) => a.at - b.at);

const createsBefore = (list: StoreArrival[], until: number) =>
  list.filter((r) => r.path === '/v1/create_product' && r.at < until).map((r) => r.at);
const shares = (lists: StoreArrival[][]) =>
  lists.map((list) => achieved(createsBefore(list, phases.killedAt ?? Infinity)) / RATE);
const spread = (values: number[]) =>
  `min ${pct(Math.min(...values))}, median ${pct(percentile(values, 50))}, max ${pct(Math.max(...values))}`;

/** Kill to each taken-over store's first create after it, as `lists` have them. */
function servedAgain(lists: StoreArrival[][]): string {
  const killedAt = phases.killedAt;
  if (killedAt === undefined || !phases.takenOver) return 'no kill';
  const again = phases.takenOver.flatMap((id) => {
    const first = lists[Number(id.slice(1)) - 1]!.find((r) => r.path === '/v1/create_product' && r.at > killedAt);
    return first ? [(first.at - killedAt) / 1000] : [];
  });
  return again.length === 0
    ? 'none served again'
    : `${again.length} of ${phases.takenOver.length} within median ${fmt(percentile(again, 50), 1)} s, max ${fmt(Math.max(...again), 1)} s of the kill`;
}

/**
 * The taken-over stores served again latest (at most 3, over 25 s after the kill): where their time
 * went, from the kill to the worker that started them (its log), their first request and first create.
 */
function stragglers(lists: StoreArrival[][]): string[] {
  const killedAt = phases.killedAt;
  if (killedAt === undefined || !phases.takenOver) return [];
  const after = (at: number) => `+${fmt((at - killedAt) / 1000, 1)} s`;
  return phases.takenOver
    .map((id) => {
      const i = Number(id.slice(1)) - 1;
      const since = lists[i]!.filter((r) => r.at > killedAt).sort((a, b) => a.at - b.at);
      return { id, i, since, create: since.find((r) => r.path === '/v1/create_product') };
    })
    .filter(({ create }) => create !== undefined && create.at - killedAt > 25_000)
    .sort((a, b) => b.create!.at - a.create!.at)
    .slice(0, 3)
    .map(({ id, i, since, create }) => {
      const start = startsOf(i).find((s) => s.at > killedAt);
      const first = since[0]!;
      return `  ${id} (${phases.left?.get(id) ?? '?'} rows left at the kill): started by ${start ? `${start.worker} at ${after(start.at)} (its log)` : 'no worker, by the logs'}; first request ${after(first.at)} (${first.path}); first create ${after(create!.at)}`;
    });
}

/**
 * Every batch ends; then, the workers stopped (no request can come after) and the capture ended, the
 * judge's figures, the logs' beside them, lost and twice from the summaries (the ledger's counts)
 * and the stores' products.
 */
async function ending(batchIds: string[], since: number): Promise<void> {
  const signal = AbortSignal.timeout(END_TIMEOUT_MS);
  // One at a time: each wait is a cluster client of its own.
  const summaries: BatchSummary[] = [];
  for (const [i, batchId] of batchIds.entries())
    summaries.push(
      await waitForBatch(batchId, { redisCluster, prefix: target(identities[i]!).prefix, pollMs: 500, signal }),
    );
  const endedS = (Date.now() - since) / 1000;
  const rss = await Promise.all(workers.filter((w) => w.alive).map(async (w) => (await rssMb(w.pid)).peak));
  for (const worker of workers) await worker.stop();
  const captured = await endCapture();
  const logged = await inBatches(identities, 16, async (store): Promise<StoreArrival[]> =>
    inTimeOrder(
      (await requestsOf(store.url))
        .filter((r) => r.path.startsWith('/v1/'))
        .map(({ path, at, status }) => ({ path, at, status })),
    ),
  );
  const judged = captured ? byStore(captured.arrivals, STORES) : logged;
  const context: WindowContext = {
    since: benchStart,
    ...phases,
    judged,
    beside: logged,
    besideName: 'log',
    ownerOf: (port) => owners.ownerOf(port),
    startsOf,
  };
  // The logs' own windows over the limit, each request with the kernel's stamp beside: a bunch the loop stamped late shows.
  const inLogs: WindowContext = { ...context, judged: logged, beside: judged, besideName: 'kernel' };
  const loggedOver = logged.flatMap((list, i) => overWindows(i, list, RATE));
  const over = judged.flatMap((list, i) => overWindows(i, list, RATE));
  const worst = Math.max(...judged.map(worstWindow));
  const products = await inBatches(identities, 16, async (store, i) => {
    const barcodes = await barcodesOf(store.url);
    return {
      twice: barcodes.length - new Set(barcodes).size,
      missing: ROWS - new Set(barcodes).size,
      // A row the ledger ended `unknown` (claimed, maybe sent, when its worker died) may be missing:
      // reconcile settles it. Missing beyond those is a row lost.
      lost: Math.max(0, ROWS - new Set(barcodes).size - summaries[i]!.counts.unknown),
    };
  });
  const counts = summaries.map((s) => s.counts);
  const stats = (await (await fetch(`${identities[0]!.url}/__sandbox/stats`)).json()) as {
    loopDelay: { maxMs: number };
  };
  const loopMs = stats.loopDelay.maxMs;
  const tooMany = sum(logged.map((list) => list.filter((r) => r.status === 429).length));
  const ports = new Set(judged.flat().flatMap((a) => (a.from === undefined ? [] : [a.from])));
  const named = [...ports].filter((port) => owners.ownerOf(port) !== undefined).length;
  const forComparison = captured
    ? [
        `the stores' own logs, for comparison: share ${spread(shares(logged))}; worst 1 s window ${Math.max(...logged.map(worstWindow))}; served again ${servedAgain(logged)}; ${logLag(judged, logged)}`,
        `the logs' windows over the limit: ${placeWindows(loggedOver, inLogs)}`,
        ...loggedOver.slice(0, 12).map((w) => `  ${describeWindow(w, inLogs)}`),
        `tcpdump: ${fmt(captured.cpuS, 1)} s CPU over its ${fmt(captured.wallS, 1)} s (${fmt(captured.cpuS / captured.wallS, 3)} core), ${captured.arrivals.length} requests read, snaplen ${captured.snaplen} bytes; the /v1 requests came over ${ports.size} connections, ${named} of them named to their worker (/proc, while open)`,
      ]
    : [];
  figures.print(
    [
      `every batch ended ${fmt(endedS, 1)} s after the first was queued; worker peak RSS at the end: ${rss.map((mb) => fmt(mb)).join(' / ')} MB`,
      `judge: ${captured ? `kernel capture (tcpdump on lo, -tt: GET/POST/PUT to the sandbox's port, each to its store by /s/<n>/)` : `the stores' own logs (no kernel capture: ${typeof capture === 'string' ? capture : 'its end was not read'})`}`,
      ...(captured ? [countCheck('/v1 requests', judged, logged, (i) => `s${i + 1}`, captured.end)] : []),
      `share of each store's limit, from its first create until the kill: ${spread(shares(judged))} (goal >= 95%)`,
      `served again after the kill, judged: ${servedAgain(judged)}`,
      ...stragglers(judged),
      `worst 1 s window at any store over the whole run, every /v1 request: ${worst} (limit ${RATE})${worst > RATE ? ' EXCEEDED' : ', never over'}; 429 answers (the stores' logs): ${tooMany}`,
      `windows over the limit: ${placeWindows(over, context)}`,
      ...over.slice(0, 12).map((w) => `  ${describeWindow(w, context)}`),
      `the stores' process: its event loop late by at most ${fmt(loopMs)} ms (a late loop stamps the log late and in bunches, and its limiter counts by those stamps)`,
      ...forComparison,
      `ledger summaries: created ${sum(counts.map((c) => c.created))} of ${STORES * ROWS}, unknown ${sum(counts.map((c) => c.unknown))}, failed ${sum(counts.map((c) => c.failed))}`,
      `the stores' products: missing ${sum(products.map((j) => j.missing))} (lost, beyond the rows each store's summary calls unknown: ${sum(products.map((j) => j.lost))}), sent twice ${sum(products.map((j) => j.twice))}`,
    ].join('\n'),
  );
}

figures.print(
  `stores ${STORES} x ${RATE}/s, latency ${LATENCY_MS} ms, ${WORKERS} workers then one killed and one added, ${STORES} batches of ${ROWS} rows`,
);
try {
  const masters = await masterPorts(cluster.ports[0]!);
  const started = await start(masters);
  if (started) {
    const queuedAt = Date.now();
    await steady(masters);
    // A join is measured even after a slow take-over: the two are independent.
    await killOne();
    await joinOne();
    await ending(started.batchIds, queuedAt);
  }
} catch (error) {
  figures.print(`NOT FINISHED: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  figures.print(`whole run ${elapsed(benchStart)}`);
  await figures.write();
  clearInterval(learning);
  for (const worker of workers) await worker.stop();
  if (typeof capture !== 'string') await capture.stop(sandboxPort, 1_000).catch(() => undefined);
  sandbox.child.kill('SIGTERM');
  await once(sandbox.child, 'exit');
  await cluster.stop();
  await rm(dir, { recursive: true, force: true });
}
