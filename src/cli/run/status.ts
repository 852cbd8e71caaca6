/** `status [batch-id]`: each store's rate and recent batches, from Redis (see ../status.ts). */
import type { App } from '../../app.ts';
import { liveWorkers, type WorkerRecord } from '../../app/leases/index.ts';
import { workersServingStore } from '../../app/leases/serving.ts';
import { loadQueue } from '../../app/queue.ts';
import { DEFAULT_STORE_ID, type Config } from '../../config.ts';
import { PROBLEM_OUTCOMES } from '../../outcome.ts';
import { redisServerOf, type RedisServer } from '../../redis.ts';
import { describeStore, storeScope, type StoreIdentity } from '../../store/identity.ts';
import type { StoreRate } from '../../store/rate-gate/store-rate.ts';
import type { BatchStatus } from '../../sync/queue/batch-state.ts';
import type { RedisTarget } from '../../sync/queue/connection.ts';
import { ExitError, type CliContext } from '../context.ts';
import { EXIT } from '../exit-codes.ts';

/** A batch as status shows it: a running one whose store's queue no worker serves waits for one. */
type ShownBatch = BatchStatus & { waitingForWorker: boolean };

/** What `status` shows of one store: null store and rate for stores found only by their keys. */
interface StoreStatus {
  store: StoreIdentity | null;
  storeRate: StoreRate | null;
  batches: ShownBatch[];
  /** With a stores file: the live workers serving the store (src/app/leases); else undefined. */
  servedBy?: WorkerRecord[];
}

export async function runStatus(ctx: CliContext, batchId: string | undefined, json: boolean): Promise<void> {
  const config = await ctx.config();
  const server = redisServerOf(config);
  if (!server)
    throw new ExitError(
      EXIT.notStarted,
      'configuration error: REDIS_URL: is not set (status reads batches from Redis)',
    );
  const limit = batchId ? 1000 : 20;
  const stores: StoreStatus[] = [];
  if (config.storesOnOffer) {
    // Every store of the stores file, each from its own keys.
    await ctx.withDeployment(async (deployment) => {
      const workers = await liveWorkers(await deployment.connection(), config.queuePrefix);
      await deployment.serve({
        start: async (app) => {
          const shown = await storeStatus(app, limit);
          const scope = storeScope(shown.store!);
          shown.servedBy = workers.filter((worker) => worker.stores.some((store) => store.scope === scope));
          stores.push(shown);
          return { stop: () => Promise.resolve() };
        },
      });
    });
    // In the stores file's order: the stores start several at a time, and end their start in any order.
    const order = config.storesOnOffer.ids;
    stores.sort((x, y) => order.indexOf(x.store?.id ?? '') - order.indexOf(y.store?.id ?? ''));
  } else {
    await ctx.withApp(
      async (app) => {
        if (config.storeUrl && config.storeEmail) stores.push(await storeStatus(app, limit));
        else stores.push(...(await foundStores(app, server, config, limit)));
      },
      { config },
    );
  }
  for (const store of stores) store.batches = store.batches.filter((b) => !batchId || b.meta.batchId === batchId);
  if (batchId && stores.every((store) => store.batches.length === 0))
    throw new ExitError(EXIT.problems, `batch ${batchId} not found in Redis`);
  if (json) {
    const shown = stores.map(({ servedBy, ...store }) => ({
      ...store,
      ...(servedBy ? { servedBy: servedBy.map(({ id, host, pid }) => ({ id, host, pid })) } : {}),
      batches: store.batches.map(batchJson),
    }));
    ctx.print(JSON.stringify(shown.length === 1 && shown[0]!.store ? shown[0] : { stores: shown }, null, 2));
    return;
  }
  if (stores.every((store) => store.store === null))
    ctx.print(`every store with batches on this Redis (prefix ${config.queuePrefix}); STORE_URL or --store picks one`);
  for (const { store, storeRate, batches, servedBy } of stores) {
    if (store) {
      // A store of the stores file is described as `store <id>: ...` already.
      const ofFile = store.id !== undefined && store.id !== DEFAULT_STORE_ID;
      ctx.print(ofFile ? describeStore(store) : `store ${describeStore(store)}`);
      ctx.print(
        storeRate
          ? `  store rate ${storeRate.rate}/s for every worker (set ${storeRate.setAt})`
          : `  store rate not set: workers use their own RATE (default ${config.rate}/s); import --rate sets it`,
      );
      if (servedBy) ctx.print(`  ${servedLine(servedBy)}`);
    }
    if (batches.length === 0 && store) ctx.print('  no batches in Redis');
    for (const b of batches) ctx.print(`  ${batchLine(b)}`);
  }
  if (stores.length === 0) ctx.print('no batches in Redis');
}

async function storeStatus(app: App, limit: number): Promise<StoreStatus> {
  return {
    store: await app.store(),
    storeRate: await app.storeRate(),
    batches: await batchesOf(await app.queueTarget(), limit),
  };
}

/** One store's queue's batches; when one is running, whether any worker serves the queue. */
async function batchesOf(target: RedisTarget, limit: number): Promise<ShownBatch[]> {
  const { listBatches } = await loadQueue();
  const batches = await listBatches(target, limit);
  const idle = batches.some((b) => b.status === 'running') && (await workersServingStore(target)) === 0;
  return batches.map((b) => ({ ...b, waitingForWorker: idle && b.status === 'running' }));
}

/** No store configured: every store prefix with batches on this Redis, newest batches first. */
async function foundStores(app: App, server: RedisServer, config: Config, limit: number): Promise<StoreStatus[]> {
  const { storePrefixesWithBatches } = await loadQueue();
  const batches: ShownBatch[] = [];
  for (const prefix of await storePrefixesWithBatches(await app.redis(), config.queuePrefix))
    batches.push(...(await batchesOf({ ...server, prefix }, limit)));
  batches.sort((a, b) => b.meta.startedAt.localeCompare(a.meta.startedAt));
  return batches.length === 0 ? [] : [{ store: null, storeRate: null, batches: batches.slice(0, limit) }];
}

function storeOf(b: BatchStatus): StoreIdentity | null {
  return b.summary?.store ?? b.meta.store ?? null;
}

function batchJson(b: ShownBatch) {
  return {
    batchId: b.meta.batchId,
    store: storeOf(b),
    source: b.meta.source,
    status: b.status,
    waitingForWorker: b.waitingForWorker,
    done: b.done,
    total: b.total,
    counts: b.counts,
    reportDir: b.summary?.reportDir ?? null,
  };
}

/** Which worker processes serve a store of the stores file now. */
function servedLine(workers: WorkerRecord[]): string {
  if (workers.length === 0)
    return 'served by no worker now (a running worker takes it within 20 s; none running: catalog-sync worker)';
  const named = workers.map(({ id, host, pid }) => `${id} (${host}, pid ${pid})`);
  return `served by worker ${named.join(', ')}`;
}

function batchLine(b: ShownBatch): string {
  const problems = [...PROBLEM_OUTCOMES].reduce((n, o) => n + b.counts[o], 0);
  const store = storeOf(b);
  const report = b.summary ? `  report ${b.summary.reportDir}` : '';
  const status = b.waitingForWorker ? 'waiting for a worker (none serves its store: catalog-sync worker)' : b.status;
  return `${b.meta.batchId}  ${status.padEnd(8)}  ${b.done}/${b.total ?? '?'} rows  problems ${problems}  ${b.meta.source}  store ${store ? (store.name ?? store.id ?? store.url) : 'not recorded'}${report}`;
}
