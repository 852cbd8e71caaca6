/**
 * A `worker` started while its store hangs (the login times out, five times): without a stores
 * file it exits 2 saying which store and what to check (it named no URL and no setting); with a
 * stores file it logs that store as not started and serves the others. The real CLI on Redis.
 */
import { expect, it } from 'vitest';
import { until } from '../helpers/until.ts';
import { useCliWorld } from '../sync/helpers/cli-world.ts';
import { agencyEnv, writeStoresFile } from './agency.ts';

const t = useCliWorld({}, { otherStore: true });

const HANG = { kind: 'delayAfterApply', path: '/v1/authorization', delayMs: 5_000, times: Infinity } as const;
const QUICK_TIMEOUT = { REQUEST_TIMEOUT_MS: '300' };

it('without a stores file: exit 2 naming the store, its STORE_URL and what to check', async () => {
  t.world.sandbox.inject(HANG);
  const worker = t.cli(['worker', '--grace', '1'], QUICK_TIMEOUT);
  expect(await worker.exit()).toBe(2);
  expect(worker.err()).toContain(`The store at ${t.world.sandbox.url}`);
  expect(worker.err()).toContain('STORE_URL');
  expect(worker.err()).toContain('is up');
});

it('with a stores file: the hanging store is logged as not started, the other store is served', async () => {
  t.world.sandbox.inject(HANG);
  const file = await writeStoresFile(t.world.dir, [
    { id: 'north', sandbox: t.world.sandbox },
    { id: 'south', sandbox: t.other },
  ]);
  const env = agencyEnv(file, t.world.sandbox.password, { ...QUICK_TIMEOUT, LOG_LEVEL: 'error' });
  const worker = t.cli(['worker', '--grace', '1'], env);
  await until(() => worker.all().includes('worker started for store south'), 'the worker of south');
  await until(() => worker.all().includes('store north could not start'), 'north not started, in the log');
  expect(worker.all()).toContain(t.world.sandbox.url);
  const sheet = await t.world.sheet('p.csv', ['title,category,sale_price,barcode', 'Oud,1,5,HANG-1']);
  const south = t.cli(['import', sheet, '--store', 'south', '--queue', 'redis', '--json'], env);
  expect(await south.exit(), south.all()).toBe(0);
  expect(t.other.products()).toHaveLength(1);
  expect(worker.child.exitCode).toBeNull();
});
