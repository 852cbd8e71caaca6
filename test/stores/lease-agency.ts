/**
 * An agency served by a pool of worker processes that share its stores (src/app/leases), for the
 * lease tests on one Redis (leases.test.ts) and on a Redis Cluster (cluster-leases.test.ts):
 * `catalog-sync sandbox --stores N` in a process of its own, which workers serve which store as
 * their logs say, and the check that every row of a batch ended once.
 */
import { join } from 'node:path';
import { expect } from 'vitest';
import type { BatchSummary } from '../../src/report/summary.ts';
import { startChildSandbox, type ChildSandbox } from '../helpers/child-sandbox.ts';
import { until } from '../helpers/until.ts';
import type { CliRun, CliWorld, EnvChanges } from '../sync/helpers/cli-world.ts';
import { agencyEnv } from './agency.ts';

export interface LeaseAgency {
  sandbox: ChildSandbox;
  /** s1..sN */
  stores: string[];
  /** The environment of a command serving the stores file (`store`: STORE, for an import). */
  env(store?: string): EnvChanges;
}

/** `stores` sandbox stores at `rate` requests/s each; `changes` go into every command's environment. */
export async function startLeaseAgency(
  t: CliWorld,
  stores: number,
  rate: number,
  changes: EnvChanges = {},
): Promise<LeaseAgency> {
  const path = join(t.world.dir, 'stores.yaml');
  const sandbox = await startChildSandbox([
    '--stores',
    String(stores),
    '--rate-limit',
    String(rate),
    '--stores-file-out',
    path,
  ]);
  return {
    sandbox,
    stores: Array.from({ length: stores }, (_, i) => `s${i + 1}`),
    // The log at info: the lines saying a store moved away are the log's.
    env: (store) => agencyEnv(path, sandbox.password, { STORE: store, LOG_LEVEL: 'info', ...changes }),
  };
}

/** The stores a worker serves now, from what it printed: started for, minus moved away since. */
export function servedBy(worker: CliRun): Set<string> {
  const served = new Set<string>();
  for (const [, started, moved] of worker
    .all()
    .matchAll(/worker started for store (s\d+)|store (s\d+) moved to worker/g))
    if (started) served.add(started);
    else served.delete(moved!);
  return served;
}

/** The worker's id, as it printed it. */
export const workerIdOf = (worker: CliRun): string => /worker started as (\S+):/.exec(worker.all())![1]!;

/**
 * Until every store is served by exactly one of `workers`, each of which has said its id (it does
 * once its first stores have started, a moment after their lines); their shares, in order.
 */
export async function settled(agency: LeaseAgency, workers: CliRun[]): Promise<Set<string>[]> {
  let shares: Set<string>[] = [];
  const expected = [...agency.stores].sort().join();
  await until(() => {
    if (!workers.every((worker) => /worker started as \S+:/.test(worker.all()))) return false;
    shares = workers.map(servedBy);
    const all = shares.flatMap((share) => [...share]).sort();
    return all.join() === expected;
  }, 'each store served by exactly one worker');
  return shares;
}

export async function barcodesAt(agency: LeaseAgency, store: string): Promise<string[]> {
  const response = await fetch(`${agency.sandbox.url}/s/${store.slice(1)}/__sandbox/products`);
  const { products } = (await response.json()) as { products: { fields: Record<string, unknown> }[] };
  return products.map((p) => String(p.fields.barcode));
}

export interface Imported {
  sheets: { store: string; barcodes: string[] }[];
  /** Every batch's summary, once every one has ended. */
  ended: Promise<BatchSummary[]>;
}

/** Imports `rows` rows into every store at once. */
export async function importAll(t: CliWorld, agency: LeaseAgency, rows: number): Promise<Imported> {
  const sheets = await Promise.all(
    agency.stores.map(async (store) => {
      const barcodes = Array.from({ length: rows }, (_, i) => `${store.toUpperCase()}-${String(i).padStart(3, '0')}`);
      const file = await t.world.sheet(`${store}.csv`, [
        'title,category,sale_price,barcode',
        ...barcodes.map((code, i) => `${store} item ${i},1,${i + 1},${code}`),
      ]);
      return { store, file, barcodes };
    }),
  );
  // --wait: an import that looks for its store's worker just as it is killed queues all the same.
  const runs = sheets.map(({ store, file }) =>
    t.cli(['import', file, '--queue', 'redis', '--wait', '--json'], agency.env(store)),
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
export async function expectEachRowOnce(agency: LeaseAgency, imported: Imported): Promise<void> {
  const summaries = await imported.ended;
  for (const [i, { store, barcodes }] of imported.sheets.entries()) {
    const summary = summaries[i]!;
    const at = await barcodesAt(agency, store);
    expect(new Set(at).size, `${store}: no product twice`).toBe(at.length);
    expect(
      at.every((code) => barcodes.includes(code)),
      `${store}: only its own rows`,
    ).toBe(true);
    expect(summary.counts.created + summary.counts.unknown, `${store}: every row ended`).toBe(barcodes.length);
    expect(at.length).toBeGreaterThanOrEqual(summary.counts.created);
    expect(at.length).toBeLessThanOrEqual(summary.counts.created + summary.counts.unknown);
  }
}
