/**
 * The local mode's ledger home is per user, not per working directory: `catalog-sync import` run
 * from two folders meets one ledger, XDG_STATE_HOME moves it, and a ledger of the old default
 * (./.ledger in the working directory) is taken over on first use. Real processes (each with its
 * own working directory), the sandbox store over HTTP.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { scopedLedgerFile } from '../../src/ledger/file-store.ts';
import { storeScope } from '../../src/store/identity.ts';
import { createCount, productCsv, writeSheet } from '../intake/helpers.ts';
import { useSandboxWorld } from '../helpers/use-world.ts';
import { childRun } from '../helpers/child-run.ts';

const world = useSandboxWorld('ledger-home');

/** `catalog-sync import` from `cwd`, as a user of this machine (HOME of the test's own). */
async function importFrom(
  cwd: string,
  sheet: string,
  extra: Record<string, string> = {},
): Promise<{ code: number | null; stderr: string }> {
  const bin = new URL('../../bin/catalog-sync.js', import.meta.url).pathname;
  const env: Record<string, string | undefined> = {
    ...process.env,
    HOME: join(world.dir, 'home'),
    XDG_STATE_HOME: '',
    LEDGER_FILE: '',
    REDIS_URL: '',
    STORE_URL: world.sandbox.url,
    STORE_EMAIL: world.sandbox.email,
    STORE_PASSWORD: world.sandbox.password,
    REPORT_DIR: join(world.dir, 'reports'),
    LOG_LEVEL: 'warn',
    ...extra,
  };
  await mkdir(cwd, { recursive: true });
  const child = spawn(process.execPath, [bin, 'import', sheet], { cwd, env, stdio: ['ignore', 'ignore', 'pipe'] });
  const { code, stderr } = await childRun(child);
  return { code, stderr };
}

const scopeOf = () => storeScope({ url: world.sandbox.url, account: world.sandbox.email });

it('one ledger per user: the same sheet imported from two folders is created once, in ~/.local/state', async () => {
  const sheet = await writeSheet(join(world.dir, 'p.csv'), productCsv(['home-1', 'home-2']));
  expect((await importFrom(join(world.dir, 'one'), sheet)).code).toBe(0);
  expect((await importFrom(join(world.dir, 'two'), sheet)).code).toBe(0);
  expect(createCount(world.sandbox)).toBe(2);
  const home = join(world.dir, 'home', '.local', 'state', 'catalog-sync', 'ledger.jsonl');
  expect(existsSync(scopedLedgerFile(home, scopeOf()))).toBe(true);
  expect(existsSync(join(world.dir, 'one', '.ledger'))).toBe(false);

  // XDG_STATE_HOME moves the home: a ledger there knows nothing yet.
  const xdg = join(world.dir, 'xdg');
  expect((await importFrom(join(world.dir, 'one'), sheet, { XDG_STATE_HOME: xdg })).code).toBe(0);
  expect(createCount(world.sandbox)).toBe(4);
  expect(existsSync(scopedLedgerFile(join(xdg, 'catalog-sync', 'ledger.jsonl'), scopeOf()))).toBe(true);
});
