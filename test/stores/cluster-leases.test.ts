/**
 * The workers' leases on a real Redis Cluster (three masters started here, the real CLI with
 * REDIS_CLUSTER_NODES and no REDIS_URL): a worker killed with SIGKILL mid-batch gives no goodbye,
 * so its heartbeat key lapses by its time to live and the other worker takes its stores; a worker
 * joining mid-run takes a share of the stores; with STORE_WORKERS=2 two worker processes serve one
 * store together, each row reaching it once and the store never over its limit in any second of
 * its own request log. Every row ends in one outcome and no product reaches a store twice.
 */
import { Cluster } from 'ioredis';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { LEASE_MS } from '../../src/app/leases/index.ts';
import { workerKeys } from '../../src/app/leases/workers.ts';
import { maxInWindow } from '../../src/sandbox/index.ts';
import { RedisCluster } from '../helpers/redis-cluster.ts';
import { until } from '../helpers/until.ts';
import { useCliWorld, type CliRun, type EnvChanges } from '../sync/helpers/cli-world.ts';
import {
  barcodesAt,
  expectEachRowOnce,
  importAll,
  servedBy,
  settled,
  startLeaseAgency,
  workerIdOf,
  type LeaseAgency,
} from './lease-agency.ts';

const t = useCliWorld();
let cluster: RedisCluster;
let redis: Cluster;
let agency: LeaseAgency | undefined;
beforeAll(async () => {
  cluster = await RedisCluster.start(3);
  redis = new Cluster(cluster.ports.map((port) => ({ host: '127.0.0.1', port })));
});
afterAll(async () => {
  await redis?.quit();
  await cluster?.stop();
});
afterEach(async () => {
  await agency?.sandbox.stop();
  agency = undefined;
});

const ROWS = 30;
/** Each test starts 2-4 CLI processes and six imports: on a loaded machine that outlasts the default 120 s. */
const SAFETY_NET_MS = 240_000;

async function startAgency(stores: number, rate: number, changes: EnvChanges = {}): Promise<LeaseAgency> {
  const onCluster = { REDIS_URL: undefined, REDIS_CLUSTER_NODES: cluster.nodeList, ...changes };
  return (agency = await startLeaseAgency(t, stores, rate, onCluster));
}

it(
  'a worker killed with SIGKILL: its lease lapses and the other takes its stores, every row once',
  async () => {
    const shop = await startAgency(6, 40);
    const a = await t.startWorker(shop.env());
    const b = await t.startWorker(shop.env());
    const [shareA, shareB] = await settled(shop, [a, b]);
    // The one with more stores is killed (the hash may give one of them all six).
    const [killed, survivor, share] = shareB!.size >= shareA!.size ? [b, a, shareB!] : [a, b, shareA!];
    const keys = workerKeys(t.prefix);
    const lease = keys.worker(workerIdOf(killed));
    const ttl = await redis.pttl(lease);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(LEASE_MS);

    const imported = await importAll(t, shop, ROWS);
    const store = [...share][0]!;
    await until(async () => (await barcodesAt(shop, store)).length > 0, `rows reaching ${store}`);
    killed.child.kill('SIGKILL');
    // Its heartbeat lapses (LEASE_MS) and the other takes every store: within 30 s (the promise).
    await until(() => servedBy(survivor).size === shop.stores.length, 'the other worker to take over every store', {
      timeoutMs: 30_000,
    });
    // Nobody removed it: no goodbye came. It lapsed, and the live list no longer holds it.
    expect(await redis.exists(lease)).toBe(0);
    expect(await redis.smembers(keys.live)).toEqual([workerIdOf(survivor)]);
    await expectEachRowOnce(shop, imported);
  },
  SAFETY_NET_MS,
);

it(
  'a worker joining mid-run takes a share of the stores, every row once',
  async () => {
    const shop = await startAgency(6, 40);
    const a = await t.startWorker(shop.env());
    await settled(shop, [a]);
    const imported = await importAll(t, shop, ROWS);
    await until(async () => (await barcodesAt(shop, 's1')).length > 0, 'rows reaching s1');
    // A newcomer takes no store when a outweighs it for all six (1 in 64): then one more joins.
    const joined: CliRun[] = [];
    let shares: Set<string>[];
    do {
      joined.push(await t.startWorker(shop.env()));
      shares = await settled(shop, [a, ...joined]);
    } while (shares[0]!.size === shop.stores.length && joined.length < 3);
    expect(shares[0]!.size).toBeLessThan(shop.stores.length);
    expect(a.all()).toMatch(/store s\d moved to worker/);
    await expectEachRowOnce(shop, imported);
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
    await until(() => servedBy(a).has('s1') && servedBy(b).has('s1'), 'both workers to serve s1');
    // `status` says so too: s1 is served by both.
    await until(async () => {
      const status = t.cli(['status', '--json'], shop.env());
      if ((await status.exit()) !== 0) throw new Error(status.all());
      // One store: status shows it alone, not in a list.
      const shown = JSON.parse(status.out()) as { servedBy?: { id: string }[] };
      const ids = (shown.servedBy ?? []).map((w) => w.id).sort();
      return ids.join() === [workerIdOf(a), workerIdOf(b)].sort().join();
    }, 'status to show s1 served by both workers');

    const imported = await importAll(t, shop, 60);
    await expectEachRowOnce(shop, imported);
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
