/**
 * Never the wrong store: two stores served from one Redis under one QUEUE_PREFIX, a `worker`
 * process per store (the real CLI), both importing at once. Each store receives exactly its own
 * rows, each ledger holds only its own keys and each import's counts are its store's; the same
 * when one store's worker is killed with SIGKILL mid-batch and started again.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { redisLedgerKey } from '../../src/ledger/redis-store.ts';
import type { BatchSummary } from '../../src/report/summary.ts';
import { storeScope, type StoreIdentity } from '../../src/store/identity.ts';
import { engineKeys, storePrefix } from '../../src/sync/queue/keys.ts';
import { useCliWorld, type CliRun, type EnvChanges } from '../sync/helpers/cli-world.ts';
import { kill } from '../sync/helpers/processes.ts';
import { startWorld, type World } from '../sync/helpers/world.ts';
import { until } from '../helpers/until.ts';
import { taggedSheet } from './agency.ts';

// Store A is the CLI world's own; store B a second sandbox on the same Redis, prefix and report folder.
const t = useCliWorld({ latencyMs: 15 });
let storeB: World;
beforeEach(async () => {
  storeB = await startWorld({ latencyMs: 15 });
});
afterEach(async () => {
  await storeB.close();
});

const ROWS = 150;
const asStoreB = (): EnvChanges => ({
  STORE_URL: storeB.sandbox.url,
  STORE_EMAIL: storeB.sandbox.email,
  STORE_PASSWORD: storeB.sandbox.password,
});
// Both stores' rate, set for every worker of each store by the first command given it.
const TUNING: EnvChanges = { RATE: '60', CONCURRENCY: '4' };

const sheetOf = (world: World, tag: string) => taggedSheet(world, tag, ROWS);

function importing(file: string, changes: EnvChanges): CliRun {
  return t.cli(['import', file, '--queue', 'redis', '--json'], { ...TUNING, ...changes });
}

async function summaryOf(run: CliRun): Promise<BatchSummary> {
  const code = await run.exit();
  // Exit 1 is a batch with problems (a create left unknown by the kill); 0 all well.
  if (code !== 0 && code !== 1) throw new Error(`import exited ${code}: ${run.all()}`);
  return JSON.parse(run.out()) as BatchSummary;
}

function barcodesIn(world: World): string[] {
  return world.sandbox.products().map((p) => String(p.fields.barcode));
}

/** The ledger keys the store's Redis ledger holds (`k:barcode:<code>`). */
async function ledgerKeys(store: StoreIdentity): Promise<string[]> {
  return t.redis.hkeys(redisLedgerKey(t.prefix, storeScope(store)));
}

function expectOnly(received: string[], own: string[]): void {
  const ownSet = new Set(own);
  expect(received.filter((code) => !ownSet.has(code))).toEqual([]);
  expect(new Set(received).size).toBe(received.length);
}

it('each store receives exactly its own rows, its ledger holds only its keys, each import counts its own', async () => {
  const sheetA = await sheetOf(t.world, 'A');
  const sheetB = await sheetOf(storeB, 'B');
  await t.startWorker(TUNING);
  await t.startWorker({ ...TUNING, ...asStoreB() });

  const [summaryA, summaryB] = await Promise.all([
    summaryOf(importing(sheetA.file, {})),
    summaryOf(importing(sheetB.file, asStoreB())),
  ]);

  expect(summaryA.counts.created).toBe(ROWS);
  expect(summaryB.counts.created).toBe(ROWS);
  expect(summaryA.store).toMatchObject({ url: t.world.sandbox.url, account: t.world.sandbox.email });
  expect(summaryB.store).toMatchObject({ url: storeB.sandbox.url, account: storeB.sandbox.email });
  expect(barcodesIn(t.world).sort()).toEqual([...sheetA.barcodes].sort());
  expect(barcodesIn(storeB).sort()).toEqual([...sheetB.barcodes].sort());
  expect((await ledgerKeys(t.world.store)).sort()).toEqual(sheetA.barcodes.map((c) => `k:barcode:${c}`).sort());
  expect((await ledgerKeys(storeB.store)).sort()).toEqual(sheetB.barcodes.map((c) => `k:barcode:${c}`).sort());
});

it("a store's worker killed with SIGKILL mid-batch and started again: still no row reaches the other store", async () => {
  const sheetA = await sheetOf(t.world, 'A');
  const sheetB = await sheetOf(storeB, 'B');
  const workerA = await t.startWorker(TUNING);
  await t.startWorker({ ...TUNING, ...asStoreB() });

  const runA = importing(sheetA.file, {});
  const runB = importing(sheetB.file, asStoreB());
  // Store A's batch, found under store A's own keys, with rows ending: then its worker dies.
  const keysA = engineKeys(storePrefix(t.prefix, t.world.store));
  let batchA: string | undefined;
  await until(async () => {
    [batchA] = await t.redis.zrange(keysA.batches, '0', '-1');
    return batchA !== undefined && (await t.redis.hlen(keysA.results(batchA))) >= 20;
  }, "20 of store A's rows ended");
  await kill(workerA.child, 'SIGKILL');
  await t.startWorker(TUNING);
  const [summaryA, summaryB] = await Promise.all([summaryOf(runA), summaryOf(runB)]);

  // Store B never noticed: all its rows, exactly once, and nothing of A's.
  expect(summaryB.counts.created).toBe(ROWS);
  expect(barcodesIn(storeB).sort()).toEqual([...sheetB.barcodes].sort());
  // Store A: every row ended once; what it holds is its own, each at most once; a create the
  // kill cut off may have landed (unknown), none landed twice.
  const endedA = Object.values(summaryA.counts).reduce((a, b) => a + b, 0);
  expect(summaryA.total).toBe(ROWS);
  expect(endedA).toBe(ROWS);
  expect(summaryA.counts.created + summaryA.counts.unknown).toBe(ROWS);
  const inA = barcodesIn(t.world);
  expectOnly(inA, sheetA.barcodes);
  expect(inA.length).toBeGreaterThanOrEqual(summaryA.counts.created);
  expect(inA.length).toBeLessThanOrEqual(ROWS);
  expectOnly(barcodesIn(storeB), sheetB.barcodes);
  // Each ledger holds only its own store's keys.
  expectOnly(
    (await ledgerKeys(t.world.store)).map((key) => key.replace('k:barcode:', '')),
    sheetA.barcodes,
  );
  expectOnly(
    (await ledgerKeys(storeB.store)).map((key) => key.replace('k:barcode:', '')),
    sheetB.barcodes,
  );
  expect(await ledgerKeys(storeB.store)).toHaveLength(ROWS);
}, 240_000);
