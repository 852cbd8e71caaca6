/**
 * The workers' leases on a real Redis Cluster (three masters started here, the real CLI with
 * REDIS_CLUSTER_NODES and no REDIS_URL): a worker killed with SIGKILL mid-batch gives no goodbye,
 * so its heartbeat key lapses by its time to live and the other worker takes its stores; a worker
 * joining mid-run takes a share of the stores; with STORE_WORKERS=2 two worker processes serve one
 * store together, each row reaching it once and the store never over its limit in any second of
 * its own request log. Every row ends in one outcome and no product reaches a store twice.
 */
import { Cluster } from 'ioredis';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { LEASE_MS } from '../../src/app/leases/index.ts';
import { workerKeys } from '../../src/app/leases/workers.ts';
import { maxInWindow } from '../../src/sandbox/index.ts';
import { RedisCluster } from '../helpers/redis-cluster.ts';
import { until } from '../helpers/until.ts';
import { useCliWorld, type EnvChanges } from '../sync/helpers/cli-world.ts';
import * as leases from './lease-agency.ts';

const t = useCliWorld();
const startAgencyOf = leases.useLeaseAgencies(t);
let cluster: RedisCluster;
let redis: Cluster;
beforeAll(async () => {
  cluster = await RedisCluster.start(3);
  redis = new Cluster(cluster.ports.map((port) => ({ host: '127.0.0.1', port })));
});
afterAll(async () => {
  await redis?.quit();
  await cluster?.stop();
});

const ROWS = 30;
/** Each test starts 2-4 CLI processes and six imports: on a loaded machine that outlasts the default 120 s. */
const SAFETY_NET_MS = 240_000;

async function startAgency(stores: number, rate: number, changes: EnvChanges = {}): Promise<leases.LeaseAgency> {
  return startAgencyOf(stores, rate, { REDIS_URL: undefined, REDIS_CLUSTER_NODES: cluster.nodeList, ...changes });
}

it(
  'a worker killed with SIGKILL: its lease lapses and the other takes its stores, every row once',
  async () => {
    const shop = await startAgency(6, 40);
    // The one with more stores is killed.
    const { busier: killed, other: survivor, share } = await leases.twoWorkersSettled(t, shop);
    const keys = workerKeys(t.prefix);
    const lease = keys.worker(leases.workerIdOf(killed));
    const ttl = await redis.pttl(lease);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(LEASE_MS);

    const imported = await leases.importAll(t, shop, ROWS);
    const store = [...share][0]!;
    await until(async () => (await leases.barcodesAt(shop, store)).length > 0, `rows reaching ${store}`);
    killed.child.kill('SIGKILL');
    // Its heartbeat lapses (LEASE_MS) and the other takes every store: within 30 s (the promise).
    await until(
      () => leases.servedBy(survivor).size === shop.stores.length,
      'the other worker to take over every store',
      { timeoutMs: 30_000 },
    );
    // Nobody removed it: no goodbye came. It lapsed, and the live list no longer holds it.
    expect(await redis.exists(lease)).toBe(0);
    expect(await redis.smembers(keys.live)).toEqual([leases.workerIdOf(survivor)]);
    await leases.expectEachRowOnce(shop, imported);
  },
  SAFETY_NET_MS,
);

it(
  'a worker joining mid-run takes a share of the stores, every row once',
  async () => {
    await leases.expectJoinerTakesShare(t, await startAgency(6, 40), ROWS);
  },
  SAFETY_NET_MS,
);

it(
  'STORE_WORKERS=2: two worker processes serve one store, each row once, never over its limit',
  async () => {
    const RATE = 10;
    const shop = await startAgency(1, RATE, { STORE_WORKERS: '2' });
    const a = await t.startWorker(shop.env());
    const b = await t.startWorker(shop.env());
    await until(() => leases.servedBy(a).has('s1') && leases.servedBy(b).has('s1'), 'both workers to serve s1');
    // `status` says so too: s1 is served by both.
    await until(async () => {
      const status = t.cli(['status', '--json'], shop.env());
      if ((await status.exit()) !== 0) throw new Error(status.all());
      // One store: status shows it alone, not in a list.
      const shown = JSON.parse(status.out()) as { servedBy?: { id: string }[] };
      const ids = (shown.servedBy ?? []).map((w) => w.id).sort();
      return ids.join() === [leases.workerIdOf(a), leases.workerIdOf(b)].sort().join();
    }, 'status to show s1 served by both workers');

    const imported = await leases.importAll(t, shop, 60);
    await leases.expectEachRowOnce(shop, imported);
    const [summary] = await imported.ended;
    expect(summary!.counts.created).toBe(60);
    // The store's own log (its process at a higher priority stamps arrivals as they come).
    const response = await fetch(`${shop.sandbox.url}/s/1/__sandbox/requests`);
    const { requests } = (await response.json()) as { requests: { path: string; at: number; status: number }[] };
    const calls = requests.filter((r) => r.path.startsWith('/v1/'));
    expect(calls.filter((r) => r.status === 429)).toEqual([]);
    expect(
      maxInWindow(
        calls.map((r) => r.at).sort((x, y) => x - y),
        1000,
      ),
    ).toBeLessThanOrEqual(RATE);
  },
  SAFETY_NET_MS,
);
