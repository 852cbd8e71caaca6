/**
 * Idle stores cost nothing (issue 41): a `worker` runs a store's BullMQ row worker (its blocking
 * read and its own connection) only while the store has rows queued. A worker serving several
 * idle stores holds no row-worker connection for any of them (CLIENT LIST by name); a batch
 * queued for one store wakes that store's row worker, which ends every row once, and closes
 * again after. `import` asks the worker's heartbeat, not Redis's client list, whether a worker
 * serves the store: a live but idle worker is found, with a stores file and without.
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
  sandbox = undefined;
});

const STORES = 4;
const ROWS = 15;
/** A process test on a loaded machine: the row worker closes at the lazy workers' next sweep (10 s). */
const LONG = { timeoutMs: 120_000 };

/** The worker's connections by role: ours by name and pid (`catalog-sync:<role>`), BullMQ's blocking reads under the prefix. */
async function connectionsOf(pid: number): Promise<Map<string, number>> {
  const roles = new Map<string, number>();
  for (const line of String(await t.redis.client('LIST'))
    .trim()
    .split('\n')) {
    const name = /(?:^| )name=(\S*)/.exec(line)?.[1] ?? '';
    const ours = new RegExp(`^(catalog-sync:[a-z]+):${pid}$`).exec(name);
    const role = ours ? ours[1]! : name.startsWith(`${t.prefix}:`) ? 'blocking read' : null;
    if (role) roles.set(role, (roles.get(role) ?? 0) + 1);
  }
  return roles;
}

/** Row workers' connections: their blocking reads and their own (`catalog-sync:rows`). */
async function rowConnections(pid: number): Promise<number> {
  const roles = await connectionsOf(pid);
  return (roles.get('blocking read') ?? 0) + (roles.get('catalog-sync:rows') ?? 0);
}

async function summaryOf(run: CliRun): Promise<BatchSummary> {
  const code = await run.exit();
  expect(run.err()).not.toContain('no worker');
  if (code !== 0) throw new Error(`exit ${code}: ${run.all()}`);
  return JSON.parse(run.out()) as BatchSummary;
}

async function sheetOf(name: string): Promise<{ file: string; barcodes: string[] }> {
  const barcodes = Array.from({ length: ROWS }, (_, r) => `${name.toUpperCase()}-${String(r).padStart(2, '0')}`);
  const file = await t.world.sheet(`${name}.csv`, [
    'title,category,sale_price,barcode',
    ...barcodes.map((code, r) => `${name} item ${r},1,${r + 1},${code}`),
  ]);
  return { file, barcodes };
}

async function storeRequests(n: number): Promise<{ creates: number; barcodes: string[] }> {
  const requests = (await (await fetch(`${sandbox!.url}/s/${n}/__sandbox/requests`)).json()) as {
    requests: { path: string }[];
  };
  const products = (await (await fetch(`${sandbox!.url}/s/${n}/__sandbox/products`)).json()) as {
    products: { fields: Record<string, unknown> }[];
  };
  return {
    creates: requests.requests.filter((r) => r.path.endsWith('/v1/create_product')).length,
    barcodes: products.products.map((p) => String(p.fields.barcode)).sort(),
  };
}

it(`a worker for ${STORES} idle stores holds no row worker; a batch for one wakes its own, which ends every row once`, async () => {
  const path = join(t.world.dir, 'stores.yaml');
  sandbox = await startChildSandbox(['--stores', String(STORES), '--stores-file-out', path]);
  const env = (store?: string) => agencyEnv(path, sandbox!.password, { STORE: store });
  const worker = await t.startWorker(env());
  for (let n = 1; n <= STORES; n++)
    await until(() => worker.all().includes(`worker started for store s${n}`), `the worker to start s${n}`, LONG);
  const pid = worker.child.pid!;

  const idle = await connectionsOf(pid);
  expect(idle.get('blocking read'), JSON.stringify([...idle])).toBeUndefined();
  expect(idle.get('catalog-sync:rows'), JSON.stringify([...idle])).toBeUndefined();
  // One shared connection, and one that hears the stores' wake channels.
  expect(idle.get('catalog-sync:shared')).toBe(1);
  expect(idle.get('catalog-sync:wake')).toBe(1);

  // No --wait: the import must find the idle worker by its heartbeat.
  const { file, barcodes } = await sheetOf('s2');
  let ended = false;
  const running = summaryOf(t.cli(['import', file, '--queue', 'redis', '--json'], env('s2'))).finally(
    () => (ended = true),
  );
  let most = 0;
  while (!ended) {
    most = Math.max(most, await rowConnections(pid));
    await Promise.race([running.catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 50))]);
  }
  const summary = await running;
  expect(summary.counts.created).toBe(ROWS);
  const store = await storeRequests(2);
  expect(store.barcodes).toEqual(barcodes);
  expect(store.creates, 'one create per row').toBe(ROWS);
  // One store's row worker at most, never the idle stores'.
  expect(most).toBeLessThanOrEqual(2);
  for (const n of [1, 3, 4]) expect((await storeRequests(n)).creates).toBe(0);

  // Its queue empty again, the store's row worker closes; a second store's batch wakes it the same way.
  await until(async () => (await rowConnections(pid)) === 0, 'the row worker to close', LONG);
  const next = await sheetOf('s4');
  expect((await summaryOf(t.cli(['import', next.file, '--queue', 'redis', '--json'], env('s4')))).counts.created).toBe(
    ROWS,
  );
  expect((await storeRequests(4)).creates).toBe(ROWS);
});

it('a worker of one store (no stores file), idle with no row worker, is found by import', async () => {
  const worker = await t.startWorker();
  const pid = worker.child.pid!;
  await until(async () => (await connectionsOf(pid)).get('catalog-sync:shared') === 1, 'the worker to connect', LONG);
  expect(await rowConnections(pid)).toBe(0);
  const sheet = await t.world.sheet('one.csv', ['title,sale_price,category,barcode', 'Tea,5,1,idle-1']);
  const summary = await summaryOf(t.cli(['import', sheet, '--json']));
  expect(summary.counts.created).toBe(1);
  expect(t.world.sandbox.requestCount('/v1/create_product')).toBe(1);
});
