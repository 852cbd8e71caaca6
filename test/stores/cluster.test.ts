/**
 * Past one Redis: a real Redis Cluster of three masters, started here on 127.0.0.1. Two stores of
 * one stores file, whose keys hash to different masters, import at once through one `worker`
 * process (the real CLI, REDIS_CLUSTER_NODES and no REDIS_URL): BullMQ, the rate gate, the batch
 * state, the ledger and the report all run on the cluster. Each store gets exactly its rows and
 * its report; a second import creates nothing (the ledger); `status` without a store finds both
 * stores' batches (every master scanned); every key of a store is on one master, and the two
 * stores' masters differ.
 */
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Cluster } from 'ioredis';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { redisLedgerKey } from '../../src/ledger/redis-store.ts';
import type { BatchSummary } from '../../src/report/summary.ts';
import { storeScope } from '../../src/store/identity.ts';
import { storeRateKey } from '../../src/store/rate-gate/store-rate.ts';
import { engineKeys, storePrefix } from '../../src/sync/queue/keys.ts';
import { RedisCluster } from '../helpers/redis-cluster.ts';
import { until } from '../helpers/until.ts';
import { useCliWorld, type CliRun, type EnvChanges } from '../sync/helpers/cli-world.ts';
import { startWorld, type World } from '../sync/helpers/world.ts';
import { taggedSheet } from './agency.ts';

const t = useCliWorld();
let cluster: RedisCluster;
const worlds: World[] = [];
beforeAll(async () => {
  cluster = await RedisCluster.start(3);
});
afterAll(async () => {
  await cluster?.stop();
});
afterEach(async () => {
  for (const world of worlds.splice(0)) await world.close();
});

const ROWS = 40;
const RATE = 40;

/** The master a store's keys go to: its hash tag is its scope (keys.ts storePrefix). */
const masterOf = (world: World): Promise<number> => cluster.masterOf(storePrefix(t.prefix, world.store));

/** Two sandbox stores whose keys fall on different masters (a store's URL has a random port: tried until they do). */
async function storesOnTwoMasters(): Promise<[World, World]> {
  const east = await startWorld();
  worlds.push(east);
  for (let tries = 0; tries < 30; tries++) {
    const west = await startWorld();
    worlds.push(west);
    if ((await masterOf(west)) !== (await masterOf(east))) return [east, west];
  }
  throw new Error('no two stores on different masters in 30 tries');
}

async function writeStoresFile(east: World, west: World): Promise<string> {
  const path = join(t.world.dir, 'stores.yaml');
  const lines = ['stores:'];
  for (const [id, world] of [
    ['east', east],
    ['west', west],
  ] as const)
    lines.push(
      `  - id: ${id}`,
      `    url: ${world.sandbox.url}`,
      `    email: ${world.sandbox.email}`,
      '    password_env: SANDBOX_PASSWORD',
      `    rate: ${RATE}`,
    );
  await writeFile(path, `${lines.join('\n')}\n`);
  return path;
}

/** On the cluster, without REDIS_URL; with the stores file (and one store picked), or with neither. */
function onCluster(storesFile: string | undefined, store?: string): EnvChanges {
  return {
    REDIS_URL: undefined,
    REDIS_CLUSTER_NODES: cluster.nodeList,
    STORE_URL: undefined,
    STORE_EMAIL: undefined,
    STORE_PASSWORD: undefined,
    STORES_FILE: storesFile,
    STORE: store,
    SANDBOX_PASSWORD: t.world.sandbox.password,
  };
}

const sheetOf = (world: World, tag: string) => taggedSheet(world, tag, ROWS);

async function summaryOf(run: CliRun): Promise<BatchSummary> {
  const code = await run.exit();
  if (code !== 0) throw new Error(`import exited ${code}: ${run.all()}`);
  return JSON.parse(run.out()) as BatchSummary;
}

const barcodesIn = (world: World): string[] => world.sandbox.products().map((p) => String(p.fields.barcode));

it("syncs two stores' sheets through a 3-master Redis Cluster, each store's keys on a master of its own", async () => {
  const [east, west] = await storesOnTwoMasters();
  const path = await writeStoresFile(east, west);
  const sheets = { east: await sheetOf(east, 'E'), west: await sheetOf(west, 'W') };
  const worker = await t.startWorker(onCluster(path));
  for (const id of ['east', 'west'])
    await until(() => worker.all().includes(`worker started for store ${id}`), `the worker to start store ${id}`);

  const importing = (id: 'east' | 'west') =>
    summaryOf(t.cli(['import', sheets[id].file, '--queue', 'redis', '--json'], onCluster(path, id)));
  const [eastSummary, westSummary] = await Promise.all([importing('east'), importing('west')]);

  // Each store got exactly its own rows, and its report was written from the batch's state.
  for (const [summary, world, id] of [
    [eastSummary, east, 'east'],
    [westSummary, west, 'west'],
  ] as const) {
    expect(summary.counts.created).toBe(ROWS);
    expect(summary.store).toMatchObject({ id, url: world.sandbox.url });
    expect(barcodesIn(world).sort()).toEqual([...sheets[id].barcodes].sort());
    expect(existsSync(join(summary.reportDir, 'results.csv'))).toBe(true);
  }

  // The ledger on the cluster: a second import of a sheet creates nothing.
  const again = await importing('east');
  expect(again.counts.created).toBe(0);
  expect(again.counts.skipped).toBe(ROWS);
  expect(east.sandbox.products()).toHaveLength(ROWS);

  // `status` with no store configured finds every store's batches, whichever master holds them.
  const status = t.cli(['status', '--json'], onCluster(undefined));
  expect(await status.exit()).toBe(0);
  const shown = JSON.parse(status.out()) as { stores: { batches: { batchId: string }[] }[] };
  expect(shown.stores.flatMap((s) => s.batches.map((b) => b.batchId)).sort()).toEqual(
    [eastSummary.batchId, westSummary.batchId, again.batchId].sort(),
  );

  // The ledger and the store's rate, read through the cluster.
  const client = new Cluster(cluster.ports.map((port) => ({ host: '127.0.0.1', port })));
  try {
    for (const world of [east, west]) {
      expect(await client.hlen(redisLedgerKey(t.prefix, storeScope(world.store)))).toBe(ROWS);
      const gate = engineKeys(storePrefix(t.prefix, world.store)).gate;
      expect(await client.hget(storeRateKey(gate), 'rate')).toBe(String(RATE));
    }
  } finally {
    await client.quit();
  }

  // Every key of a store on one master, the two stores on different ones.
  const holders = async (world: World) => {
    const prefix = storePrefix(t.prefix, world.store);
    const onMasters = await Promise.all(
      cluster.ports.map(async (port) => [port, await cluster.keysOn(port, prefix)] as const),
    );
    return onMasters.filter(([, keys]) => keys.length > 0);
  };
  const [eastHolders, westHolders] = [await holders(east), await holders(west)];
  expect(eastHolders.map(([port]) => port)).toEqual([await masterOf(east)]);
  expect(westHolders.map(([port]) => port)).toEqual([await masterOf(west)]);
  expect(eastHolders[0]![0]).not.toBe(westHolders[0]![0]);
  // Among them the queue's (BullMQ), the batches', the rate gate's and the ledger's.
  for (const [, keys] of [...eastHolders, ...westHolders]) {
    const prefix = keys[0]!.slice(0, keys[0]!.indexOf('}') + 1);
    for (const part of [':rows:', ':engine:batch:', ':engine:rate', ':ledger'])
      expect(
        keys.some((key) => key.startsWith(`${prefix}${part}`)),
        `${prefix}${part}`,
      ).toBe(true);
  }
});
