/**
 * Each store of a stores file served by one worker of a pool (src/app/leases): two workers share
 * six sandbox stores, each store served by exactly one; a worker killed with SIGKILL mid-batch has
 * its stores taken over by the other once its heartbeat lapses; a worker joining mid-run takes
 * its share. Every row ends in one outcome and no product reaches a store twice.
 */
import { expect, it } from 'vitest';
import { useCliWorld } from '../sync/helpers/cli-world.ts';
import { until } from '../helpers/until.ts';
import * as leases from './lease-agency.ts';

const t = useCliWorld();
const STORES = 6;
const ROWS = 30;
/**
 * The workers' heartbeat lives 6 s here (the default 15 s), renewed every 2 s: what each test
 * waits on (a joining worker seen at the next renewal, a killed one's heartbeat lapsing) comes
 * 2.5x sooner, as a deployment may set it (WORKER_LEASE_MS); nothing else changes.
 */
const LEASE_MS = 6_000;
const startAgencyOf = leases.useLeaseAgencies(t);
const startAgency = () => startAgencyOf(STORES, 40, { WORKER_LEASE_MS: String(LEASE_MS) });

it('two workers: each store served by exactly one of them, every row once', async () => {
  const shop = await startAgency();
  const a = await t.startWorker(shop.env());
  const b = await t.startWorker(shop.env());
  const [shareA, shareB] = await leases.settled(shop, [a, b]);
  expect(shareA!.size + shareB!.size).toBe(STORES);
  // `status` says which worker serves which store: the same shares.
  const shares = new Map([...shareA!].map((store) => [store, [leases.workerIdOf(a)]]));
  for (const store of shareB!) shares.set(store, [leases.workerIdOf(b)]);
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
  const imported = await leases.importAll(t, shop, ROWS);
  await leases.expectEachRowOnce(shop, imported);
  const summaries = await imported.ended;
  for (const summary of summaries) expect(summary.counts.created).toBe(ROWS);
  // A worker stopped with SIGTERM leaves at once: the other need not wait for its heartbeat to lapse.
  b.child.kill('SIGTERM');
  await b.exit();
  expect(await t.redis.smembers(`${t.prefix}:{workers}:live`)).toEqual([leases.workerIdOf(a)]);
  await until(() => leases.servedBy(a).size === STORES, 'worker a to take every store');
});

it('a worker killed mid-batch: the other takes its stores, every row ends once', async () => {
  const shop = await startAgency();
  // The one with more stores is killed.
  const { busier: killed, other: survivor, share } = await leases.twoWorkersSettled(t, shop);
  const imported = await leases.importAll(t, shop, ROWS);
  // The heartbeat lives the lease the workers were given (WORKER_LEASE_MS), not the default.
  const ttl = await t.redis.pttl(`${t.prefix}:{workers}:worker:${leases.workerIdOf(killed)}`);
  expect(ttl).toBeGreaterThan(0);
  expect(ttl).toBeLessThanOrEqual(LEASE_MS);
  const store = [...share][0]!;
  await until(async () => (await leases.barcodesAt(shop, store)).length > 0, `rows reaching ${store}`);
  killed.child.kill('SIGKILL');
  // Its heartbeat lapses (LEASE_MS) and the other takes every store: within 30 s (the promise).
  await until(() => leases.servedBy(survivor).size === STORES, 'the other worker to take over every store', {
    timeoutMs: 30_000,
  });
  await leases.expectEachRowOnce(shop, imported);
});

it('a worker joining mid-run takes its share, every row ends once', async () => {
  await leases.expectJoinerTakesShare(t, await startAgency(), ROWS);
});
