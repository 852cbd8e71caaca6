/**
 * Each store of a stores file served by one worker of a pool (src/app/leases): two workers share
 * six sandbox stores, each store served by exactly one; a worker killed with SIGKILL mid-batch has
 * its stores taken over by the other once its heartbeat lapses; a worker joining mid-run takes
 * its share. Every row ends in one outcome and no product reaches a store twice.
 */
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import type { BatchSummary } from '../../src/report/summary.ts';
import { startChildSandbox, type ChildSandbox } from '../helpers/child-sandbox.ts';
import { until } from '../helpers/until.ts';
import { useCliWorld, type CliRun } from '../sync/helpers/cli-world.ts';
import { agencyEnv } from './agency.ts';

const t = useCliWorld();
let sandbox: ChildSandbox | undefined;
afterEach(async () => {
  await sandbox?.stop();
});

const STORES = ['s1', 's2', 's3', 's4', 's5', 's6'];
const ROWS = 30;

async function startAgency(): Promise<(store?: string) => Record<string, string | undefined>> {
  const path = join(t.world.dir, 'stores.yaml');
  sandbox = await startChildSandbox([
    '--stores',
    String(STORES.length),
    '--rate-limit',
    '40',
    '--stores-file-out',
    path,
  ]);
  // The log at info: the lines saying a store moved away are the log's.
  return (store) => agencyEnv(path, sandbox!.password, { STORE: store, LOG_LEVEL: 'info' });
}

/** The stores a worker serves now, from what it printed: started for, minus moved away since. */
function servedBy(worker: CliRun): Set<string> {
  const served = new Set<string>();
  for (const [, started, moved] of worker
    .all()
    .matchAll(/worker started for store (s\d+)|store (s\d+) moved to worker/g))
    if (started) served.add(started);
    else served.delete(moved!);
  return served;
}

/** Until every store is served by exactly one of `workers`; their shares, in order. */
async function settled(workers: CliRun[]): Promise<Set<string>[]> {
  let shares: Set<string>[] = [];
  await until(() => {
    shares = workers.map(servedBy);
    const all = shares.flatMap((share) => [...share]).sort();
    return all.join() === STORES.join();
  }, 'each store served by exactly one worker');
  return shares;
}

async function barcodesAt(store: string): Promise<string[]> {
  const response = await fetch(`${sandbox!.url}/s/${store.slice(1)}/__sandbox/products`);
  const { products } = (await response.json()) as { products: { fields: Record<string, unknown> }[] };
  return products.map((p) => String(p.fields.barcode));
}

/** Imports ROWS rows into every store at once; their summaries when every batch has ended. */
async function importAll(env: (store?: string) => Record<string, string | undefined>) {
  const sheets = await Promise.all(
    STORES.map(async (store) => {
      const barcodes = Array.from({ length: ROWS }, (_, i) => `${store.toUpperCase()}-${String(i).padStart(2, '0')}`);
      const file = await t.world.sheet(`${store}.csv`, [
        'title,category,sale_price,barcode',
        ...barcodes.map((code, i) => `${store} item ${i},1,${i + 1},${code}`),
      ]);
      return { store, file, barcodes };
    }),
  );
  // --wait: an import that looks for its store's worker just as it is killed queues all the same.
  const runs = sheets.map(({ store, file }) =>
    t.cli(['import', file, '--queue', 'redis', '--wait', '--json'], env(store)),
  );
  const ended = Promise.all(
    runs.map(async (run) => {
      const code = await run.exit();
      if (code !== 0 && code !== 1) throw new Error(`exit ${code}: ${run.all()}`);
      return JSON.parse(run.out()) as BatchSummary;
    }),
  );
  return { sheets, ended };
}

/** Every row ended once; no product twice; each created one is at the store (an unknown one may be). */
async function expectEachRowOnce(sheets: { store: string; barcodes: string[] }[], summaries: BatchSummary[]) {
  for (const [i, { store, barcodes }] of sheets.entries()) {
    const summary = summaries[i]!;
    const at = await barcodesAt(store);
    expect(new Set(at).size, `${store}: no product twice`).toBe(at.length);
    expect(
      at.every((code) => barcodes.includes(code)),
      `${store}: only its own rows`,
    ).toBe(true);
    expect(summary.counts.created + summary.counts.unknown, `${store}: every row ended`).toBe(ROWS);
    expect(at.length).toBeGreaterThanOrEqual(summary.counts.created);
    expect(at.length).toBeLessThanOrEqual(summary.counts.created + summary.counts.unknown);
  }
}

it('two workers: each store served by exactly one of them, every row once', async () => {
  const env = await startAgency();
  const a = await t.startWorker(env());
  const b = await t.startWorker(env());
  const [shareA, shareB] = await settled([a, b]);
  expect(shareA!.size + shareB!.size).toBe(STORES.length);
  // `status` says which worker serves which store: the same shares.
  const idOf = (worker: CliRun) => /worker started as (\S+):/.exec(worker.all())![1]!;
  const shares = new Map([...shareA!].map((store) => [store, [idOf(a)]]));
  for (const store of shareB!) shares.set(store, [idOf(b)]);
  let shown = '';
  await until(async () => {
    const status = t.cli(['status', '--json'], env());
    if ((await status.exit()) !== 0) throw new Error(status.all());
    shown = status.out();
    const { stores } = JSON.parse(shown) as { stores: { store: { id: string }; servedBy: { id: string }[] }[] };
    return stores.every(({ store, servedBy }) => servedBy.map((w) => w.id).join() === shares.get(store.id)!.join());
  }, 'status to show each store served by its worker').catch((error: Error) => {
    throw new Error(`${error.message}; it showed ${shown}; shares ${JSON.stringify([...shares])}`);
  });
  const { sheets, ended } = await importAll(env);
  const summaries = await ended;
  await expectEachRowOnce(sheets, summaries);
  for (const summary of summaries) expect(summary.counts.created).toBe(ROWS);
  // A worker stopped with SIGTERM leaves at once: the other need not wait for its heartbeat to lapse.
  b.child.kill('SIGTERM');
  await b.exit();
  expect(await t.redis.smembers(`${t.prefix}:{workers}:live`)).toEqual([idOf(a)]);
  await until(() => servedBy(a).size === STORES.length, 'worker a to take every store');
});

it('a worker killed mid-batch: the other takes its stores, every row ends once', async () => {
  const env = await startAgency();
  const a = await t.startWorker(env());
  const b = await t.startWorker(env());
  const [shareA, shareB] = await settled([a, b]);
  // The one with more stores is killed (the hash may give one of them all six).
  const [killed, survivor, share] = shareB!.size >= shareA!.size ? [b, a, shareB!] : [a, b, shareA!];
  const { sheets, ended } = await importAll(env);
  const store = [...share][0]!;
  await until(async () => (await barcodesAt(store)).length > 0, `rows reaching ${store}`);
  killed.child.kill('SIGKILL');
  // Its heartbeat lapses (LEASE_MS) and the other takes every store: within 30 s (the promise).
  await until(() => servedBy(survivor).size === STORES.length, 'the other worker to take over every store', {
    timeoutMs: 30_000,
  });
  await expectEachRowOnce(sheets, await ended);
});

it('a worker joining mid-run takes its share, every row ends once', async () => {
  const env = await startAgency();
  const a = await t.startWorker(env());
  await settled([a]);
  const { sheets, ended } = await importAll(env);
  await until(async () => (await barcodesAt('s1')).length > 0, 'rows reaching s1');
  // A newcomer takes no store when a outweighs it for all six (1 in 64): then one more joins.
  const joined: CliRun[] = [];
  let shares: Set<string>[];
  do {
    joined.push(await t.startWorker(env()));
    shares = await settled([a, ...joined]);
  } while (shares[0]!.size === STORES.length && joined.length < 3);
  expect(shares[0]!.size).toBeLessThan(STORES.length);
  expect(a.all()).toMatch(/store s\d moved to worker/);
  await expectEachRowOnce(sheets, await ended);
});
