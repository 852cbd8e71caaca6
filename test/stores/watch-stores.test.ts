/**
 * One `watch` process for every store of a stores file: each store's drop folder
 * (`<DROP_DIR>/<id>/inbox/`) is synced to that store, and its reports go to `<REPORT_DIR>/<id>/`.
 */
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { until } from '../helpers/until.ts';
import { useCliWorld } from '../sync/helpers/cli-world.ts';

const t = useCliWorld({}, { otherStore: true });

it('each store of the stores file has its drop folder synced to it, with its reports in its own folder', async () => {
  const storesFile = join(t.world.dir, 'stores.yaml');
  await writeFile(
    storesFile,
    [
      'stores:',
      '  - id: north',
      `    url: ${t.world.sandbox.url}`,
      `    email: ${t.world.sandbox.email}`,
      '    password_env: SANDBOX_PASSWORD',
      '  - id: south',
      `    url: ${t.other.url}`,
      `    email: ${t.other.email}`,
      '    password_env: SANDBOX_PASSWORD',
      '',
    ].join('\n'),
  );
  const dropDir = join(t.world.dir, 'drop');
  const watch = t.cli(['watch', '--settle-ms', '200'], {
    STORE_URL: undefined,
    STORE_EMAIL: undefined,
    STORE_PASSWORD: undefined,
    REDIS_URL: undefined,
    STORES_FILE: storesFile,
    SANDBOX_PASSWORD: t.world.sandbox.password,
    DROP_DIR: dropDir,
  });
  for (const id of ['north', 'south'])
    await until(() => watch.out().includes(`watching ${join(dropDir, id, 'inbox')}`), `the watcher of ${id}`);

  for (const [id, code] of [
    ['north', 'N-1'],
    ['south', 'S-1'],
  ] as const) {
    await mkdir(join(dropDir, id, 'inbox'), { recursive: true });
    await writeFile(join(dropDir, id, 'inbox', `${id}.csv`), `title,category,sale_price,barcode\n${id},1,5,${code}\n`);
  }
  await until(() => watch.out().includes('north.csv:') && watch.out().includes('south.csv:'), 'both files synced');

  expect(t.world.sandbox.products().map((p) => p.fields.barcode)).toEqual(['N-1']);
  expect(t.other.products().map((p) => p.fields.barcode)).toEqual(['S-1']);
  expect((await readdir(join(dropDir, 'north', 'done'))).some((name) => name.endsWith('north.csv'))).toBe(true);
  expect(await readdir(join(t.world.dir, 'reports', 'south'))).toHaveLength(1);
});
