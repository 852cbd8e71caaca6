import { spawn, type ChildProcess } from 'node:child_process';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { DropReport } from '../../src/intake/drop-file.ts';
import { dropLayout, parseClaimedName } from '../../src/intake/drop-layout.ts';
import { scopedLedgerFile } from '../../src/ledger/file-store.ts';
import { storeScope } from '../../src/store/identity.ts';
import { createCount, productCsv, startWorld, waitFor, watchDrop, type World } from './helpers.ts';
import { until } from '../helpers/until.ts';

const BIN = join(import.meta.dirname, '../../bin/catalog-sync.js');
let world: World;
let child: ChildProcess | undefined;

beforeEach(async () => {
  world = await startWorld({ latencyMs: 40 });
});

afterEach(async () => {
  child?.kill('SIGKILL');
  await world.close();
});

it('a watcher killed mid-file is resumed by the next one without creating anything twice', async () => {
  const root = join(world.dir, 'drop');
  const ledgerFile = join(world.dir, 'ledger.jsonl');
  const env = {
    ...process.env,
    ...world.storeEnv,
    LEDGER_FILE: ledgerFile,
    REPORT_DIR: world.reportDir,
    RATE: '1000',
    CONCURRENCY: '2',
    LOG_LEVEL: 'silent',
  };
  child = spawn(process.execPath, [BIN, 'watch', '--dir', root, '--settle-ms', '200'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  await until(() => output.includes('watching'), 'the watcher to say it is watching');

  const barcodes = Array.from({ length: 30 }, (_, i) => `k${i}`);
  await writeFile(join(root, 'inbox', 'big.csv'), productCsv(barcodes));
  await until(() => createCount(world.sandbox) >= 6, '6 creates');
  child.kill('SIGKILL');
  await new Promise((resolve) => child!.once('exit', resolve));
  const [claimed] = await readdir(join(root, 'processing'));
  expect(claimed).toMatch(/--big\.csv$/);
  const createdBeforeCrash = world.sandbox.products().map((p) => String(p.fields.barcode));
  expect(createdBeforeCrash.length).toBeLessThan(30);

  const layout = dropLayout(root);
  const ledger = await world.openLedger(
    scopedLedgerFile(ledgerFile, storeScope({ url: world.sandbox.url, account: world.sandbox.email })),
  );
  const { watcher, events } = watchDrop(world, layout, ledger, { settleMs: 200, pollMs: 50, resumeIntervalMs: 100 });
  const finished = waitFor(events, (e) => e.type === 'finished');
  await watcher.start();
  const event = await finished;
  await watcher.close(1_000);
  expect(event.type === 'finished' && event.claimed).toBe(claimed);

  // Every barcode is in the store at most once, and the resumed batch's report says what happened
  // to each row: those created before the crash are `created` (not skipped), only a create that
  // was on the wire at the kill, or claimed and waiting for a request slot (one row ahead of
  // CONCURRENCY 2, src/sync/slots.ts), is `unknown`, and the counts match the store.
  const stored = world.sandbox.products().map((p) => String(p.fields.barcode));
  expect(new Set(stored).size).toBe(stored.length);
  const report = JSON.parse(await readFile(join(layout.done, `${claimed}.report.json`), 'utf8')) as DropReport;
  expect(report.batchId.startsWith(parseClaimedName(claimed!)!.token)).toBe(true);
  const counts = report.counts!;
  expect(counts.skipped).toBe(0);
  expect(counts.created + counts.unknown).toBe(30);
  expect(counts.unknown).toBeLessThanOrEqual(3); // at most the 2 in flight and the 1 claimed ahead
  expect(stored.length).toBeGreaterThanOrEqual(counts.created);
  expect(stored.length).toBeLessThanOrEqual(counts.created + counts.unknown);
  const rows = parse<{ barcode: string; outcome: string }>(
    await readFile(join(report.reportDir!, 'results.csv'), 'utf8'),
    {
      bom: true,
      columns: true,
    },
  );
  // Products in the store at the kill: `created`, but for the (at most 3) rows claimed and not yet
  // recorded. All three can have reached the store: two rows whose answers came back while their
  // record was being written have let their request slots go, and the row claimed ahead took one.
  const before = rows.filter((r) => createdBeforeCrash.includes(r.barcode));
  expect(before.every((r) => r.outcome === 'created' || r.outcome === 'unknown')).toBe(true);
  expect(before.filter((r) => r.outcome === 'created').length).toBeGreaterThanOrEqual(createdBeforeCrash.length - 3);
});

it('on SIGTERM the watcher finishes the running file within its grace time, then exits 0', async () => {
  const root = join(world.dir, 'drop');
  const env = {
    ...process.env,
    ...world.storeEnv,
    LEDGER_FILE: join(world.dir, 'ledger.jsonl'),
    REPORT_DIR: world.reportDir,
    RATE: '1000',
    CONCURRENCY: '1',
    LOG_LEVEL: 'silent',
  };
  child = spawn(process.execPath, [BIN, 'watch', '--dir', root, '--settle-ms', '200', '--grace-ms', '60000'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  await until(() => output.includes('watching'), 'the watcher to say it is watching');
  await writeFile(join(root, 'inbox', 'term.csv'), productCsv(Array.from({ length: 20 }, (_, i) => `t${i}`)));
  await until(() => createCount(world.sandbox) >= 3, '3 creates');
  const exited = new Promise<number | null>((resolve) => child!.once('exit', (code) => resolve(code)));
  child.kill('SIGTERM');
  expect(await exited).toBe(0);
  expect(createCount(world.sandbox)).toBe(20);
  expect((await readdir(join(root, 'done'))).filter((n) => n.endsWith('--term.csv'))).toHaveLength(1);
  expect(await readdir(join(root, 'processing'))).toEqual([]);
  expect(output).toContain('term.csv: batch');
});
