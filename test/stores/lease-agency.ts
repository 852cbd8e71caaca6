/**
 * An agency served by a pool of worker processes that share its stores (src/app/leases), for the
 * lease tests on one Redis (leases.test.ts) and on a Redis Cluster (cluster-leases.test.ts):
 * `catalog-sync sandbox --stores N` in a process of its own, which workers serve which store as
 * their logs say, and the check that every row of a batch ended once.
 */
import { join } from 'node:path';
import { afterEach, expect } from 'vitest';
import type { BatchSummary } from '../../src/report/summary.ts';
import { startChildSandbox, type ChildSandbox } from '../helpers/child-sandbox.ts';
import { until } from '../helpers/until.ts';
import type { CliRun, CliWorld, EnvChanges } from '../sync/helpers/cli-world.ts';
import { agencyEnv, taggedSheet } from './agency.ts';

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

/** A starter of the file's agencies, each stopped after its test. */
export function useLeaseAgencies(
  t: CliWorld,
): (stores: number, rate: number, changes?: EnvChanges) => Promise<LeaseAgency> {
  let agency: LeaseAgency | undefined;
  afterEach(async () => {
    await agency?.sandbox.stop();
    agency = undefined;
  });
  return async (stores, rate, changes) => (agency = await startLeaseAgency(t, stores, rate, changes));
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

/** Until every store is served by exactly one of `workers` and each has printed its id; their shares, in order. */
export async function settled(agency: LeaseAgency, workers: CliRun[]): Promise<Set<string>[]> {
  let shares: Set<string>[] = [];
  const expected = [...agency.stores].sort().join();
  await until(() => {
    shares = workers.map(servedBy);
    const all = shares.flatMap((share) => [...share]).sort();
    // A worker prints its id (workerIdOf) only after starting its stores: settled once all have.
    return all.join() === expected && workers.every((worker) => worker.all().includes('worker started as '));
  }, 'each store served by exactly one worker');
  return shares;
}

/** Two workers settled on the agency's stores: the one with more stores (the hash may give one of them all), the other, and its share. */
export async function twoWorkersSettled(
  t: CliWorld,
  agency: LeaseAgency,
): Promise<{ busier: CliRun; other: CliRun; share: Set<string> }> {
  const a = await t.startWorker(agency.env());
  const b = await t.startWorker(agency.env());
  const [shareA, shareB] = await settled(agency, [a, b]);
  return shareB!.size >= shareA!.size
    ? { busier: b, other: a, share: shareB! }
    : { busier: a, other: b, share: shareA! };
}

/**
 * The story of a worker joining mid-run, on either Redis: one worker serves every store, rows are
 * on their way, a newcomer takes a share of the stores (and the first says so), every row once.
 */
export async function expectJoinerTakesShare(t: CliWorld, agency: LeaseAgency, rows: number): Promise<void> {
  const a = await t.startWorker(agency.env());
  await settled(agency, [a]);
  const imported = await importAll(t, agency, rows);
  await until(async () => (await barcodesAt(agency, 's1')).length > 0, 'rows reaching s1');
  // A newcomer takes no store when a outweighs it for all six (1 in 64): then one more joins.
  const joined: CliRun[] = [];
  let shares: Set<string>[];
  do {
    joined.push(await t.startWorker(agency.env()));
    shares = await settled(agency, [a, ...joined]);
  } while (shares[0]!.size === agency.stores.length && joined.length < 3);
  expect(shares[0]!.size).toBeLessThan(agency.stores.length);
  expect(a.all()).toMatch(/store s\d moved to worker/);
  await expectEachRowOnce(agency, imported);
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
      const barcodeOf = (i: number) => `${store.toUpperCase()}-${String(i).padStart(3, '0')}`;
      return { store, ...(await taggedSheet(t.world, store, rows, barcodeOf)) };
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
