/**
 * Redis connections per store on a real 3-master Redis Cluster (issue 41): while every store of a
 * `sandbox --stores 10` stores file runs a batch on one `worker`, the worker holds at most 2
 * connections per store across the masters (its row worker's two: BullMQ's blocking read and its
 * commands, each on the master of the store's hash slot only) + 10 for the process (its shared
 * client, which may reach every master, and its wake channel). Counted in each master's CLIENT LIST
 * by name (ours are `catalog-sync:<role>:<pid>`, a blocking read is named after its queue under
 * the world's prefix). Every store still gets exactly its rows, each once.
 */
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { BatchSummary } from '../../src/report/summary.ts';
import { startChildSandbox, type ChildSandbox } from '../helpers/child-sandbox.ts';
import { RedisCluster } from '../helpers/redis-cluster.ts';
import { until } from '../helpers/until.ts';
import { useCliWorld, type CliRun } from '../sync/helpers/cli-world.ts';
import { agencyEnv, taggedSheet } from './agency.ts';

const t = useCliWorld();
let cluster: RedisCluster;
let masters: Redis[] = [];
let sandbox: ChildSandbox | undefined;
beforeAll(async () => {
  cluster = await RedisCluster.start(3);
  masters = cluster.ports.map((port) => new Redis({ host: '127.0.0.1', port }));
});
afterEach(async () => {
  await sandbox?.stop();
});
afterAll(async () => {
  await Promise.all(masters.map((m) => m.quit()));
  await cluster?.stop();
});

const STORES = 10;
const ROWS = 12;
const PER_PROCESS = 10;

/** ioredis names a cluster client's short-lived slots lookup `ioredis-cluster(refresher):<name>`; it closes once read. */
const REFRESHER = /^ioredis-cluster\(refresher\):/;

interface Count {
  /** The row workers' connections: `catalog-sync:rows` and the blocking reads, over all masters. */
  rows: number;
  total: number;
  roles: Record<string, number>;
}

async function connectionsOf(pid: number): Promise<Count> {
  const count: Count = { rows: 0, total: 0, roles: {} };
  for (const [i, master] of masters.entries()) {
    const list = String(await master.client('LIST'));
    for (const line of list.trim().split('\n')) {
      const name = /(?:^| )name=(\S*)/.exec(line)?.[1] ?? '';
      if (REFRESHER.test(name)) continue;
      const ours = new RegExp(`^(catalog-sync:[a-z]+):${pid}$`).exec(name)?.[1];
      const role = ours ?? (name.startsWith(`${t.prefix}:`) ? 'blocking read' : null);
      if (!role) continue;
      count.total++;
      if (role === 'blocking read' || role === 'catalog-sync:rows') count.rows++;
      const key = `${role}@${i}`;
      count.roles[key] = (count.roles[key] ?? 0) + 1;
    }
  }
  return count;
}

async function summaryOf(run: CliRun): Promise<BatchSummary> {
  const code = await run.exit();
  if (code !== 0) throw new Error(`exit ${code}: ${run.all()}`);
  return JSON.parse(run.out()) as BatchSummary;
}

it(`one worker for ${STORES} stores on a 3-master cluster: at most 2 connections per store with rows + ${PER_PROCESS}`, async () => {
  const path = join(t.world.dir, 'stores.yaml');
  sandbox = await startChildSandbox(['--stores', String(STORES), '--rate-limit', '40', '--stores-file-out', path]);
  const env = (store?: string) =>
    agencyEnv(path, sandbox!.password, { STORE: store, REDIS_URL: undefined, REDIS_CLUSTER_NODES: cluster.nodeList });
  const worker = await t.startWorker(env());
  const ids = Array.from({ length: STORES }, (_, i) => `s${i + 1}`);
  for (const id of ids)
    await until(() => worker.all().includes(`worker started for store ${id}`), `the worker to start ${id}`);
  const pid = worker.child.pid!;

  const sheets = await Promise.all(ids.map(async (id) => ({ id, ...(await taggedSheet(t.world, id, ROWS)) })));
  let imports = 0;
  const running = Promise.all(
    sheets.map(({ id, file }) =>
      summaryOf(t.cli(['import', file, '--queue', 'redis', '--json'], env(id))).finally(() => imports++),
    ),
  );
  // Sampled while the batches run: the busiest moment is what must stay within the bound.
  let busiest: Count = { rows: 0, total: 0, roles: {} };
  while (imports < STORES) {
    const now = await connectionsOf(pid);
    if (now.total > busiest.total) busiest = now;
    await Promise.race([running.catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 100))]);
  }
  const summaries = await running;
  const shown = JSON.stringify(busiest.roles);
  // The row workers ran: the count saw them (a count of nothing would pass any bound).
  expect(busiest.rows, shown).toBeGreaterThan(0);
  expect(busiest.rows, shown).toBeLessThanOrEqual(2 * STORES);
  expect(busiest.total, shown).toBeLessThanOrEqual(2 * STORES + PER_PROCESS);
  for (const [i, { id }] of sheets.entries()) expect(summaries[i]!.counts.created, id).toBe(ROWS);
}, 240_000);
