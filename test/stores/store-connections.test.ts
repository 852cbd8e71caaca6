/**
 * Redis connections per store, not per worker x store (issue 41): one `worker` serving the 20
 * stores of a `sandbox --stores 20` stores file holds at most 2 connections per store + 20, idle
 * and while every store runs a batch at once, counted in Redis's CLIENT LIST by name (ours are
 * `catalog-sync:<role>:<pid>`, a BullMQ worker's blocking read is named after its queue, under
 * the world's prefix). Every store still gets exactly its rows, each once.
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

const STORES = 20;
const ROWS = 12;

/** The worker's connections by role: ours by name and pid, its BullMQ blocking reads by prefix. */
async function connectionsOf(pid: number): Promise<Map<string, number>> {
  const list = String(await t.redis.client('LIST'));
  const roles = new Map<string, number>();
  for (const line of list.trim().split('\n')) {
    const name = /(?:^| )name=(\S*)/.exec(line)?.[1] ?? '';
    const ours = new RegExp(`^(catalog-sync:[a-z]+):${pid}$`).exec(name);
    const role = ours ? ours[1]! : name.startsWith(`${t.prefix}:`) ? `blocking read ${queueOf(name)}` : null;
    if (role) roles.set(role, (roles.get(role) ?? 0) + 1);
  }
  return roles;
}

/** A BullMQ client name is `<prefix>:<base64 of the queue's name>`. */
function queueOf(name: string): string {
  return Buffer.from(name.slice(name.lastIndexOf(':') + 1), 'base64').toString();
}

const total = (roles: Map<string, number>): number => [...roles.values()].reduce((a, b) => a + b, 0);

async function barcodesAt(n: number): Promise<string[]> {
  const response = await fetch(`${sandbox!.url}/s/${n}/__sandbox/products`);
  const { products } = (await response.json()) as { products: { fields: Record<string, unknown> }[] };
  return products.map((p) => String(p.fields.barcode)).sort();
}

async function createsAt(n: number): Promise<number> {
  const response = await fetch(`${sandbox!.url}/s/${n}/__sandbox/requests`);
  const { requests } = (await response.json()) as { requests: { path: string }[] };
  return requests.filter((r) => r.path.endsWith('/v1/create_product')).length;
}

async function summaryOf(run: CliRun): Promise<BatchSummary> {
  const code = await run.exit();
  if (code !== 0) throw new Error(`exit ${code}: ${run.all()}`);
  return JSON.parse(run.out()) as BatchSummary;
}

it(`one worker for ${STORES} stores holds at most 2 Redis connections per store + 20, idle and busy`, async () => {
  const path = join(t.world.dir, 'stores.yaml');
  sandbox = await startChildSandbox(['--stores', String(STORES), '--rate-limit', '40', '--stores-file-out', path]);
  const env = (store?: string) => agencyEnv(path, sandbox!.password, { STORE: store });
  const worker = await t.startWorker(env());
  const ids = Array.from({ length: STORES }, (_, i) => `s${i + 1}`);
  for (const id of ids)
    await until(() => worker.all().includes(`worker started for store ${id}`), `the worker to start ${id}`);
  const pid = worker.child.pid!;
  const budget = 2 * STORES + 20;

  const idle = await connectionsOf(pid);
  expect(total(idle), `idle: ${JSON.stringify([...idle])}`).toBeLessThanOrEqual(budget);
  // The count is of this worker's connections: its one shared connection and the one its stores'
  // wake channels are heard on; an idle store's row worker is not running (lazy-workers.ts).
  expect(idle.get('catalog-sync:shared')).toBe(1);
  expect(idle.get('catalog-sync:wake')).toBe(1);
  expect(idle.get('blocking read rows')).toBeUndefined();

  const sheets = await Promise.all(
    ids.map(async (id, i) => {
      const barcodes = Array.from({ length: ROWS }, (_, r) => `${id.toUpperCase()}-${String(r).padStart(2, '0')}`);
      const file = await t.world.sheet(`${id}.csv`, [
        'title,category,sale_price,barcode',
        ...barcodes.map((code, r) => `store ${i + 1} item ${r},1,${r + 1},${code}`),
      ]);
      return { id, n: i + 1, file, barcodes };
    }),
  );
  // Every store's batch at once; the connections are counted while they run.
  let imports = 0;
  const running = Promise.all(
    sheets.map(({ id, file }) =>
      summaryOf(t.cli(['import', file, '--queue', 'redis', '--json'], env(id))).finally(() => imports++),
    ),
  );
  let busiest = new Map<string, number>();
  while (imports < STORES) {
    const now = await connectionsOf(pid);
    if (total(now) > total(busiest)) busiest = now;
    await Promise.race([running.catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 100))]);
  }
  const summaries = await running;
  expect(total(busiest), `busiest: ${JSON.stringify([...busiest])}`).toBeLessThanOrEqual(budget);

  for (const [i, { n, id, barcodes }] of sheets.entries()) {
    expect(summaries[i]!.counts.created, id).toBe(ROWS);
    expect(await barcodesAt(n), id).toEqual(barcodes);
    expect(await createsAt(n), `${id}: one create per row`).toBe(ROWS);
  }
  const after = await connectionsOf(pid);
  expect(total(after), `after: ${JSON.stringify([...after])}`).toBeLessThanOrEqual(budget);
});
