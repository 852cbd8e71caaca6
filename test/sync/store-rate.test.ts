/**
 * The rate belongs to the store: `import --queue redis --rate 20` sets it in Redis, and workers
 * started without RATE (the real CLI) follow it instead of their default 5/s; `status` shows it.
 */
import { expect, it } from 'vitest';
import { maxInWindow, startSandbox } from '../../src/sandbox/index.ts';
import { useCliWorld, type EnvChanges } from './helpers/cli-world.ts';
import { until } from '../helpers/until.ts';

const ROWS = 60;
const t = useCliWorld();

/** No RATE anywhere (useCliWorld passes none): each command either sets the store's rate (--rate) or follows it. */
function cli(args: string[], changes: EnvChanges = {}) {
  const run = t.cli(args, { CONCURRENCY: '8', ...changes });
  return { child: run.child, out: run.all };
}

async function run(args: string[], changes: EnvChanges = {}): Promise<{ code: number | null; out: string }> {
  const started = t.cli(args, { CONCURRENCY: '8', ...changes });
  const code = await started.exit();
  return { code, out: started.all() };
}

it('workers started without RATE follow the rate import --rate set for the store; status shows it', async () => {
  const worker = cli(['worker', '--grace', '5']);
  await until(() => worker.out().includes('worker started'), 'the worker to start');
  expect(worker.out()).toContain('rate 5/s, the default');
  expect((await run(['status'])).out).toContain('store rate not set');

  const rows = Array.from({ length: ROWS }, (_, i) => `Item ${i},2,${10 + i},SR${i}`);
  const file = await t.world.sheet('rate.csv', ['title,category,sale_price,barcode', ...rows]);
  const imported = await run(['import', file, '--queue', 'redis', '--rate', '20']);
  expect(imported.code).toBe(0);
  expect(imported.out).toContain('store rate set to 20/s for every worker');
  expect(t.world.sandbox.products()).toHaveLength(ROWS);
  // At its own default the worker could never have put more than 5 requests into one second.
  const creates = t.world.sandbox.requests().filter((r) => r.path === '/v1/create_product');
  expect(
    maxInWindow(
      creates.map((r) => r.at),
      1000,
    ),
  ).toBeGreaterThan(5);

  const status = await run(['status', '--json']);
  expect((JSON.parse(status.out) as { storeRate: { rate: number } }).storeRate.rate).toBe(20);
  const later = cli(['worker', '--grace', '5']);
  await until(() => later.out().includes('worker started'), 'a second worker to start');
  expect(later.out()).toContain("rate 20/s, the store's");
});

it('the rate is per store: another store account on the same Redis and queue prefix keeps its own', async () => {
  const worker = cli(['worker', '--grace', '5']);
  await until(() => worker.out().includes('worker started'), 'the worker to start');
  const rows = Array.from({ length: 10 }, (_, i) => `Item ${i},2,${10 + i},PS${i}`);
  const file = await t.world.sheet('per-store.csv', ['title,category,sale_price,barcode', ...rows]);
  expect((await run(['import', file, '--queue', 'redis', '--rate', '20'])).code).toBe(0);

  const store = await startSandbox();
  try {
    const other = { STORE_URL: store.url, STORE_EMAIL: store.email, STORE_PASSWORD: store.password };
    expect((await run(['status'], other)).out).toContain('store rate not set');
    const otherWorker = cli(['worker', '--grace', '5'], other);
    await until(() => otherWorker.out().includes('worker started'), "the other store's worker to start");
    expect(otherWorker.out()).toContain('rate 5/s, the default');
  } finally {
    await store.close();
  }
  const status = await run(['status', '--json']);
  expect((JSON.parse(status.out) as { storeRate: { rate: number } }).storeRate.rate).toBe(20);
});
