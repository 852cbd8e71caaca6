/**
 * The file ledger is for one process at a time: a second process is refused with a clear
 * message (exit 2 from the CLI), a lock left by a process that died is taken over, and closing
 * lets the next process in.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { FileLedger, scopedLedgerFile } from '../../src/ledger/file-store.ts';
import { storeScope } from '../../src/store/identity.ts';
import { useSandboxWorld } from '../helpers/use-world.ts';
import { childRun } from '../helpers/child-run.ts';

const world = useSandboxWorld('ledger-lock');

/** `catalog-sync import` in its own process, as a second user of the ledger would run it. */
async function importInOtherProcess(
  sheet: string,
  ledgerFile: string,
): Promise<{ code: number | null; stderr: string }> {
  const bin = new URL('../../bin/catalog-sync.js', import.meta.url).pathname;
  const env = {
    ...process.env,
    STORE_URL: world.sandbox.url,
    STORE_EMAIL: world.sandbox.email,
    STORE_PASSWORD: world.sandbox.password,
    LEDGER_FILE: ledgerFile,
    REPORT_DIR: join(world.dir, 'reports'),
    LOG_LEVEL: 'silent',
    REDIS_URL: '',
  };
  const child = spawn(process.execPath, [bin, 'import', sheet, '--queue', 'local'], {
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const { code, stderr } = await childRun(child);
  return { code, stderr };
}

it('refuses a second process while one holds the ledger, and lets it in once closed', async () => {
  const sheet = join(world.dir, 'p.csv');
  await writeFile(sheet, 'title,sale_price,category,barcode\nTea,5,1,lk1\n');
  const ledgerFile = join(world.dir, 'ledger', 'ledger.jsonl');
  const held = await FileLedger.open(
    scopedLedgerFile(ledgerFile, storeScope({ url: world.sandbox.url, account: world.sandbox.email })),
  );

  const refused = await importInOtherProcess(sheet, ledgerFile);
  expect(refused.code).toBe(2);
  expect(refused.stderr).toContain(`is in use by process ${process.pid}`);
  expect(refused.stderr).toContain('set REDIS_URL to run several processes on one ledger');
  expect(world.sandbox.products()).toHaveLength(0);

  await held.close();
  expect((await importInOtherProcess(sheet, ledgerFile)).code).toBe(0);
  expect(world.sandbox.products()).toHaveLength(1);
});

it('takes over a lock left by a process that is gone, and removes its own on close', async () => {
  const path = join(world.dir, 'ledger.jsonl');
  await writeFile(`${path}.lock`, `999999999\n${hostname()}\n`);
  const ledger = await FileLedger.open(path);
  expect(existsSync(`${path}.lock`)).toBe(true);
  await ledger.close();
  expect(existsSync(`${path}.lock`)).toBe(false);
});
