/**
 * A Deployment follows its stores file from the moment it read it: an edit saved while the first
 * store was still starting, before the file was ever looked at again, is served too (it was missed
 * when the looks compared the file with a first look of their own, taken after that edit).
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { resolveConfig } from '../../src/config.ts';
import { Deployment } from '../../src/deployment.ts';
import { createLogger } from '../../src/log.ts';
import { applyStoresFile } from '../../src/store-choice.ts';
import { until } from '../helpers/until.ts';
import { useTempDir } from '../helpers/use-world.ts';

const tmp = useTempDir('deployment-follow');

const entry = (id: string): string =>
  `  - id: ${id}\n    url: http://127.0.0.1:9/${id}\n    email: ops@${id}.example\n    password_env: STORE_PASSWORD\n`;

it('serves a store added to the file while the first store was starting', async () => {
  const file = join(tmp.dir, 'stores.yaml');
  await writeFile(file, `stores:\n${entry('store-a')}`);
  const env = { STORES_FILE: file, STORE_PASSWORD: 'pw', REPORT_DIR: join(tmp.dir, 'reports') };
  const { config } = applyStoresFile(resolveConfig(env), env);
  const deployment = new Deployment({
    config,
    storesFile: file,
    env,
    logger: createLogger({ level: 'silent' }),
    pollMs: 20,
  });
  const started: string[] = [];
  try {
    await deployment.serve({
      async start(_app, profile) {
        started.push(profile!.id);
        // The edit lands while store-a starts: after the file was read, before any look at it.
        if (profile!.id === 'store-a') await writeFile(file, `stores:\n${entry('store-a')}${entry('store-b')}`);
        return { stop: () => Promise.resolve() };
      },
    });
    await until(() => started.includes('store-b'), 'store-b to start');
    expect(started).toEqual(['store-a', 'store-b']);
    expect(deployment.storeIds).toEqual(['store-a', 'store-b']);
  } finally {
    await deployment.close();
  }
});

it('starts several stores side by side: one slow to start does not hold back the others', async () => {
  const ids = ['store-a', 'store-b', 'store-c'];
  const file = join(tmp.dir, 'stores.yaml');
  await writeFile(file, `stores:\n${ids.map(entry).join('')}`);
  const env = { STORES_FILE: file, STORE_PASSWORD: 'pw', REPORT_DIR: join(tmp.dir, 'reports') };
  const { config } = applyStoresFile(resolveConfig(env), env);
  const deployment = new Deployment({ config, storesFile: file, env, logger: createLogger({ level: 'silent' }) });
  const entered: string[] = [];
  let allEntered: () => void = () => undefined;
  const together = new Promise<void>((resolve) => (allEntered = resolve));
  try {
    // Each start ends only once every store's start has begun: one at a time, the first never ends.
    const serving = deployment.serve({
      async start(_app, profile) {
        entered.push(profile!.id);
        if (entered.length === ids.length) allEntered();
        await together;
        return { stop: () => Promise.resolve() };
      },
    });
    await until(() => entered.length === ids.length, 'every store to begin starting before any has started');
    await serving;
    expect(entered).toEqual(ids);
    expect(deployment.storeIds).toEqual(ids);
  } finally {
    allEntered();
    await deployment.close();
  }
});
