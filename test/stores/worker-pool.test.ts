/**
 * One `worker` process for every store of a stores file: each store gets exactly its rows, each
 * once, and never more than its rate in any second (judged by each store's own request log, the
 * stores in processes of their own at a higher priority); a small batch queued behind another
 * store's backlog ends first; a store added to the file while the worker runs is served. What
 * rate each store reaches and how long a batch waits are bench figures (bench/agency.ts), not
 * asserted here: they depend on how busy the machine is.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { maxInWindow } from '../../src/sandbox/index.ts';
import type { BatchSummary } from '../../src/report/summary.ts';
import { startChildSandbox, type ChildSandbox } from '../helpers/child-sandbox.ts';
import { until } from '../helpers/until.ts';
import { useCliWorld, type CliRun, type EnvChanges } from '../sync/helpers/cli-world.ts';

const t = useCliWorld();
let stores: ChildSandbox[] = [];
beforeEach(() => {
  stores = [];
});
afterEach(async () => {
  await Promise.all(stores.map((store) => store.stop()));
});

async function startStores(n: number): Promise<ChildSandbox[]> {
  const started = await Promise.all(Array.from({ length: n }, () => startChildSandbox([], { priority: -10 })));
  stores.push(...started);
  return started;
}

/** stores.yaml in the world's folder: one entry per [id, store, rate]. */
async function writeStoresFile(entries: [string, ChildSandbox, number][]): Promise<string> {
  const path = join(t.world.dir, 'stores.yaml');
  const lines = ['stores:'];
  for (const [id, store, rate] of entries)
    lines.push(
      `  - id: ${id}`,
      `    url: ${store.url}`,
      `    email: ${store.email}`,
      '    password_env: SANDBOX_PASSWORD',
      `    rate: ${rate}`,
      '    concurrency: 4',
    );
  await writeFile(path, `${lines.join('\n')}\n`);
  return path;
}

/** The environment of a command run against the stores file: no store of its own. */
function withStoresFile(path: string, store?: string): EnvChanges {
  return {
    STORE_URL: undefined,
    STORE_EMAIL: undefined,
    STORE_PASSWORD: undefined,
    STORES_FILE: path,
    SANDBOX_PASSWORD: stores[0]!.password,
    STORE: store,
  };
}

async function sheet(tag: string, rows: number): Promise<{ file: string; barcodes: string[] }> {
  const barcodes = Array.from({ length: rows }, (_, i) => `${tag}-${i}`);
  const file = await t.world.sheet(`${tag}.csv`, [
    'title,category,sale_price,barcode',
    ...barcodes.map((code, i) => `${tag} ${i},1,${(i % 90) + 1},${code}`),
  ]);
  return { file, barcodes };
}

async function summaryOf(run: CliRun): Promise<BatchSummary> {
  const code = await run.exit();
  if (code !== 0) throw new Error(`exit ${code}: ${run.all()}`);
  return JSON.parse(run.out()) as BatchSummary;
}

/** Creates a store received, by when its loop reached them. */
async function createTimes(store: ChildSandbox): Promise<number[]> {
  return (await store.requests())
    .filter((r) => r.path === '/v1/create_product')
    .map((r) => r.at)
    .sort((a, b) => a - b);
}

it('one worker serves three stores at once, each with exactly its rows once, never over its rate', async () => {
  const [a, b, c] = await startStores(3);
  const rates = { a: 10, b: 20, c: 40 };
  const path = await writeStoresFile([
    ['store-a', a!, rates.a],
    ['store-b', b!, rates.b],
    ['store-c', c!, rates.c],
  ]);
  const worker = await t.startWorker(withStoresFile(path), ['--grace', '5', '--metrics-port', '0']);
  for (const id of ['store-a', 'store-b', 'store-c'])
    await until(() => worker.all().includes(`worker started for store ${id}`), `the worker to start ${id}`);

  // About five seconds of rows for each store.
  const sheets = {
    a: await sheet('A', 5 * rates.a),
    b: await sheet('B', 5 * rates.b),
    c: await sheet('C', 5 * rates.c),
  };
  const [sa, sb, sc] = await Promise.all(
    (['a', 'b', 'c'] as const).map((k) =>
      summaryOf(t.cli(['import', sheets[k].file, '--queue', 'redis', '--json'], withStoresFile(path, `store-${k}`))),
    ),
  );
  for (const [summary, k] of [
    [sa!, 'a'],
    [sb!, 'b'],
    [sc!, 'c'],
  ] as const) {
    expect(summary.counts.created).toBe(sheets[k].barcodes.length);
    expect(summary.store).toMatchObject({ id: `store-${k}` });
    expect(summary.reportDir).toContain(join('reports', `store-${k}`));
  }
  for (const [store, k] of [
    [a!, 'a'],
    [b!, 'b'],
    [c!, 'c'],
  ] as const) {
    expect(await store.barcodes(), `store-${k}'s products`).toEqual([...sheets[k].barcodes].sort());
    const times = await createTimes(store);
    expect(times, `store-${k}'s creates: one per row`).toHaveLength(sheets[k].barcodes.length);
    const late = await store.loopDelay();
    expect(
      maxInWindow(times, 1000),
      `store-${k} in its busiest second (its loop ran up to ${late.maxMs.toFixed(0)} ms late)`,
    ).toBeLessThanOrEqual(rates[k]);
  }
  // The worker's metrics count each store's rows and requests under its own label.
  const metricsUrl = /worker metrics on (\S+)/.exec(worker.all())![1]!;
  const metrics = await (await fetch(metricsUrl)).text();
  for (const [k, count] of [
    ['a', sa!.counts.created],
    ['b', sb!.counts.created],
    ['c', sc!.counts.created],
  ] as const) {
    expect(metrics).toContain(`catalog_sync_rows_total{store="store-${k}",outcome="created"} ${count}`);
    expect(metrics).toContain(
      `catalog_sync_store_requests_total{store="store-${k}",endpoint="create_product",status="200"} ${count}`,
    );
    expect(metrics).toMatch(new RegExp(`^catalog_sync_rate_gate_wait_seconds_count\\{store="store-${k}"\\} \\d+`, 'm'));
  }
  // `status` shows each store of the file: its rate and its batch.
  const status = t.cli(['status', '--json'], withStoresFile(path));
  expect(await status.exit()).toBe(0);
  const shown = JSON.parse(status.out()) as {
    stores: { store: { id: string }; storeRate: { rate: number }; batches: { batchId: string }[] }[];
  };
  expect(shown.stores.map((s) => [s.store.id, s.storeRate.rate, s.batches.map((b) => b.batchId)])).toEqual([
    ['store-a', rates.a, [sa!.batchId]],
    ['store-b', rates.b, [sb!.batchId]],
    ['store-c', rates.c, [sc!.batchId]],
  ]);
});

it("a store's backlog does not hold another store's rows back: a batch queued behind it ends first", async () => {
  const [a, b] = await startStores(2);
  const rate = 50;
  const path = await writeStoresFile([
    ['store-a', a!, rate],
    ['store-b', b!, rate],
  ]);
  const worker = await t.startWorker(withStoresFile(path));
  await until(() => worker.all().includes('worker started for store store-b'), 'the worker to start store B');
  // Store A's backlog is queued first: 200 s of rows at its rate, more than the test's timeout, so
  // however slow the machine, A cannot end before B unless B's rows waited for A's.
  const backlog = await sheet('A', 10_000);
  const queued = t.cli(['import', backlog.file, '--queue', 'redis', '--json'], withStoresFile(path, 'store-a'));
  await until(async () => (await createTimes(a!)).length > 0, "store A's rows to be under way");
  const small = await sheet('B', 100);
  const summary = await summaryOf(
    t.cli(['import', small.file, '--queue', 'redis', '--json'], withStoresFile(path, 'store-b')),
  );
  expect(summary.counts.created).toBe(100);
  expect(await b!.barcodes()).toEqual([...small.barcodes].sort());
  // B, queued second, ended first: A still has rows to send, and goes on sending them.
  const sentToA = (await createTimes(a!)).length;
  expect(sentToA).toBeLessThan(backlog.barcodes.length);
  await until(async () => (await createTimes(a!)).length > sentToA, "store A's backlog to go on");
  queued.child.kill('SIGTERM');
});

it('a store added to the stores file while the worker runs is served, without a restart', async () => {
  const [a, b] = await startStores(2);
  const path = await writeStoresFile([['store-a', a!, 50]]);
  const worker = await t.startWorker(withStoresFile(path));
  expect(worker.all()).not.toContain('store-b');
  await writeStoresFile([
    ['store-a', a!, 50],
    ['store-b', b!, 50],
  ]);
  await until(() => worker.all().includes('worker started for store store-b'), 'the worker to start store B');
  const rows = await sheet('B', 20);
  const summary = await summaryOf(
    t.cli(['import', rows.file, '--queue', 'redis', '--json'], withStoresFile(path, 'store-b')),
  );
  expect(summary.counts.created).toBe(20);
  expect(await b!.barcodes()).toEqual([...rows.barcodes].sort());
  expect(await createTimes(b!)).toHaveLength(20);
  expect(await createTimes(a!)).toHaveLength(0);
});
