/**
 * What the CLI says to an agency: `status` names each store of the stores file once ("store
 * north: ...", it printed "store store north"), and `rerun --store north` of south's report
 * advises `--store south` (it advised setting STORE_URL, which a stores file refuses). Real CLI.
 */
import { expect, it } from 'vitest';
import type { BatchSummary } from '../../src/report/summary.ts';
import { useCliWorld } from '../sync/helpers/cli-world.ts';
import { agencyEnv, writeStoresFile } from './agency.ts';

const t = useCliWorld({}, { otherStore: true });

it("status names each store once; rerun of another store's report advises its --store", async () => {
  const file = await writeStoresFile(t.world.dir, [
    { id: 'north', sandbox: t.world.sandbox },
    { id: 'south', sandbox: t.other },
  ]);
  const env = agencyEnv(file, t.world.sandbox.password);
  const sheet = await t.world.sheet('p.csv', ['title,category,sale_price,barcode', 'Oud,1,5,W-1']);
  const south = t.cli(['import', sheet, '--store', 'south', '--queue', 'local', '--json'], env);
  expect(await south.exit(), south.all()).toBe(0);
  const { reportDir } = JSON.parse(south.out()) as BatchSummary;

  const rerun = t.cli(['rerun', reportDir, '--store', 'north', '--queue', 'local'], env);
  expect(await rerun.exit()).toBe(2);
  expect(rerun.err()).toContain('--store south');
  expect(rerun.err()).not.toContain('STORE_URL');
  expect(t.world.sandbox.products()).toHaveLength(0);

  const status = t.cli(['status'], env);
  expect(await status.exit(), status.all()).toBe(0);
  expect(status.out()).toContain('store north: ');
  expect(status.out()).toContain('store south: ');
  expect(status.out()).not.toContain('store store');
});
