/**
 * A Redis Cluster failover mid-batch: three masters with a replica each (node timeout 10 s, so the
 * failover lasts 10-15 s, as a real one does), one store whose keys live on one master, a `worker`
 * process, an `import` process and a console batch of the same store on the queue at once. The
 * store's master is killed (SIGKILL) mid-batch and its replica takes its slots. Every command rides
 * through: the import exits 0, every row of both batches reaches the store once, and the console
 * follows its batch to `done` without ever showing it `failed`.
 */
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { BatchSummary } from '../../src/report/summary.ts';
import { readEvents, sheetForm, startConsoleWorld, type ConsoleWorld } from '../console/helpers.ts';
import { RedisCluster } from '../helpers/redis-cluster.ts';
import { until } from '../helpers/until.ts';
import { exitWithin, useCliWorld, type EnvChanges } from '../sync/helpers/cli-world.ts';

const t = useCliWorld({ latencyMs: 10 });
let cluster: RedisCluster;
let consoleWorld: ConsoleWorld | undefined;
beforeAll(async () => {
  cluster = await RedisCluster.start(3, { replicas: 1, nodeTimeoutMs: 10_000 });
});
afterAll(async () => {
  await cluster?.stop();
});
afterEach(async () => {
  await consoleWorld?.close();
  consoleWorld = undefined;
});

const ROWS = 200;
const RATE = '40';

function sheet(tag: string): { text: string; barcodes: string[] } {
  const barcodes = Array.from({ length: ROWS }, (_, i) => `${tag}-${String(i).padStart(3, '0')}`);
  const lines = ['title,category,sale_price,barcode', ...barcodes.map((code, i) => `${tag} ${i},1,${i + 1},${code}`)];
  return { text: lines.join('\n'), barcodes };
}

it('a master killed mid-batch: the import exits 0, every row once, the console’s batch ends done', async () => {
  const onCluster: EnvChanges = { REDIS_URL: undefined, REDIS_CLUSTER_NODES: cluster.nodeList, RATE, CONCURRENCY: '4' };
  consoleWorld = await startConsoleWorld({
    store: t.world.sandbox,
    env: { REDIS_CLUSTER_NODES: cluster.nodeList, QUEUE_PREFIX: t.prefix, RATE },
  });
  await t.startWorker(onCluster);
  const master = await cluster.masterOf(t.storePrefix);

  const byImport = sheet('I');
  const byConsole = sheet('C');
  const importing = t.cli(
    ['import', await t.world.sheet('i.csv', byImport.text.split('\n')), '--queue', 'redis', '--json'],
    onCluster,
  );
  const submitted = await consoleWorld.api('/api/batches', {
    method: 'POST',
    body: sheetForm('c.csv', byConsole.text),
  });
  expect(submitted.status).toBe(202);
  const { batchId } = (await submitted.json()) as { batchId: string };
  const events = readEvents(consoleWorld, batchId);

  await until(() => t.world.sandbox.requestCount('/v1/create_product') >= 60, 'rows to reach the store');
  await cluster.killMaster(master);

  const code = await exitWithin(importing, 120_000);
  expect(code, importing.all()).toBe(0);
  const summary = JSON.parse(importing.out()) as BatchSummary;
  expect(summary.counts.created).toBe(ROWS);

  const seen = await events;
  expect(seen.filter((e) => e.status === 'failed')).toEqual([]);
  expect(seen.at(-1)).toMatchObject({ batchId, status: 'done', counts: { created: ROWS } });
  const view = (await (await consoleWorld.api(`/api/batches/${batchId}`)).json()) as { status: string };
  expect(view.status).toBe('done');

  // Every row of both batches once at the store.
  const barcodes = t.world.sandbox.products().map((p) => String(p.fields.barcode));
  expect(barcodes.sort()).toEqual([...byImport.barcodes, ...byConsole.barcodes].sort());
});
