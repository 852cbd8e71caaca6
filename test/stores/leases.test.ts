/**
 * Each store of a stores file served by one worker of a pool (src/app/leases): two workers share
 * six sandbox stores, each store served by exactly one; a worker killed with SIGKILL mid-batch has
 * its stores taken over by the other once its heartbeat lapses; a worker joining mid-run takes
 * its share. Every row ends in one outcome and no product reaches a store twice.
 */
import { afterEach, expect, it } from 'vitest';
import { useCliWorld, type CliRun } from '../sync/helpers/cli-world.ts';
import { until } from '../helpers/until.ts';
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
let agency: LeaseAgency | undefined;
afterEach(async () => {
  await agency?.sandbox.stop();
  agency = undefined;
});

const STORES = 6;
const ROWS = 30;
/**
 * The workers' heartbeat lives 6 s here (the default 15 s), renewed every 2 s: what each test
 * waits on (a joining worker seen at the next renewal, a killed one's heartbeat lapsing) comes
 * 2.5x sooner, as a deployment may set it (WORKER_LEASE_MS); nothing else changes.
 */
const LEASE_MS = 6_000;

async function startAgency(): Promise<LeaseAgency> {
  return (agency = await startLeaseAgency(t, STORES, 40, { WORKER_LEASE_MS: String(LEASE_MS) }));
}

it('two workers: each store served by exactly one of them, every row once', async () => {
  const shop = await startAgency();
  const a = await t.startWorker(shop.env());
  const b = await t.startWorker(shop.env());
  const [shareA, shareB] = await settled(shop, [a, b]);
  expect(shareA!.size + shareB!.size).toBe(STORES);
  // `status` says which worker serves which store: the same shares.
  const shares = new Map([...shareA!].map((store) => [store, [workerIdOf(a)]]));
  for (const store of shareB!) shares.set(store, [workerIdOf(b)]);
  let shown = '';
  await until(async () => {
    const status = t.cli(['status', '--json'], shop.env());
    if ((await status.exit()) !== 0) throw new Error(status.all());
    shown = status.out();
    const { stores } = JSON.parse(shown) as { stores: { store: { id: string }; servedBy: { id: string }[] }[] };
    return stores.every(({ store, servedBy }) => servedBy.map((w) => w.id).join() === shares.get(store.id)!.join());
  }, 'status to show each store served by its worker').catch((error: Error) => {
    throw new Error(`${error.message}; it showed ${shown}; shares ${JSON.stringify([...shares])}`);
  });
  const imported = await importAll(t, shop, ROWS);
  await expectEachRowOnce(shop, imported);
  const summaries = await imported.ended;
  for (const summary of summaries) expect(summary.counts.created).toBe(ROWS);
  // A worker stopped with SIGTERM leaves at once: the other need not wait for its heartbeat to lapse.
  b.child.kill('SIGTERM');
  await b.exit();
  expect(await t.redis.smembers(`${t.prefix}:{workers}:live`)).toEqual([workerIdOf(a)]);
  await until(() => servedBy(a).size === STORES, 'worker a to take every store');
});

it('a worker killed mid-batch: the other takes its stores, every row ends once', async () => {
  const shop = await startAgency();
  const a = await t.startWorker(shop.env());
  const b = await t.startWorker(shop.env());
  const [shareA, shareB] = await settled(shop, [a, b]);
  // The one with more stores is killed (the hash may give one of them all six).
  const [killed, survivor, share] = shareB!.size >= shareA!.size ? [b, a, shareB!] : [a, b, shareA!];
  const imported = await importAll(t, shop, ROWS);
  // The heartbeat lives the lease the workers were given (WORKER_LEASE_MS), not the default.
  const ttl = await t.redis.pttl(`${t.prefix}:{workers}:worker:${workerIdOf(killed)}`);
  expect(ttl).toBeGreaterThan(0);
  expect(ttl).toBeLessThanOrEqual(LEASE_MS);
  const store = [...share][0]!;
  await until(async () => (await barcodesAt(shop, store)).length > 0, `rows reaching ${store}`);
  killed.child.kill('SIGKILL');
  // Its heartbeat lapses (LEASE_MS) and the other takes every store: within 30 s (the promise).
  await until(() => servedBy(survivor).size === STORES, 'the other worker to take over every store', {
    timeoutMs: 30_000,
  });
  await expectEachRowOnce(shop, imported);
});

it('a worker joining mid-run takes its share, every row ends once', async () => {
  const shop = await startAgency();
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
  } while (shares[0]!.size === STORES && joined.length < 3);
  expect(shares[0]!.size).toBeLessThan(STORES);
  expect(a.all()).toMatch(/store s\d moved to worker/);
  await expectEachRowOnce(shop, imported);
});
