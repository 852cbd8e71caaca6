/**
 * The drop folder takes a file only when it is whole: a copy that pauses (closed between writes)
 * waits out the settle time, one still held open for writing waits for its writer, and an XLSX
 * waits for its ZIP end record. Real files, the real sandbox, an in-process watcher.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { appendFile, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import ExcelJS from 'exceljs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dropLayout, type DropLayout } from '../../src/intake/drop-layout.ts';
import { DropWatcher, type DropEvent } from '../../src/intake/drop-watcher.ts';
import { createCount, dropWatcherBase, productCsv, startWorld, waitFor, type World } from './helpers.ts';

let world: World;
let layout: DropLayout;
let watcher: DropWatcher | undefined;
let writer: ChildProcess | undefined;
const listeners: ((e: DropEvent) => void)[] = [];
const events = (l: (e: DropEvent) => void) => listeners.push(l);
const seen: DropEvent[] = [];

beforeEach(async () => {
  world = await startWorld();
  layout = dropLayout(join(world.dir, 'drop'));
  seen.splice(0);
  events((e) => seen.push(e));
});

afterEach(async () => {
  writer?.kill();
  writer = undefined;
  await watcher?.close(1_000);
  watcher = undefined;
  listeners.splice(0);
  await world.close();
});

/** settleMs undefined: the watcher's own default. */
async function startWatcher(settleMs?: number): Promise<void> {
  const ledger = await world.openLedger();
  watcher = new DropWatcher({
    ...dropWatcherBase(world, layout, ledger),
    ...(settleMs === undefined ? {} : { settleMs }),
    pollMs: 50,
    onEvent: (e) => listeners.forEach((l) => l(e)),
  });
  await watcher.start();
}

type Finished = Extract<DropEvent, { type: 'finished' }>;
const finished =
  (file: string) =>
  (e: DropEvent): e is Finished =>
    e.type === 'finished' && e.file === file;
const waiting = (file: string, reason: RegExp) => (e: DropEvent) =>
  e.type === 'waiting' && e.file === file && reason.test(e.reason);

/** The file was taken once, whole: one claim, every row created, the moved file as written. */
async function expectTakenOnceWhole(event: Finished, file: string, bytes: Buffer, rows: number): Promise<void> {
  expect(seen.filter((e) => e.type === 'claimed').map((e) => e.file)).toEqual([file]);
  if (event.result.status !== 'done') throw new Error(`not done: ${event.result.error}`);
  expect(event.result.report.counts?.created).toBe(rows);
  expect(createCount(world.sandbox)).toBe(rows);
  expect(await readFile(join(layout.done, event.claimed))).toEqual(bytes);
}

const barcodes = (n: number, tag: string) => Array.from({ length: n }, (_, i) => `${tag}-${i}`);

describe('drop folder: a file still being written is never taken', () => {
  it('a CSV copied in two halves 4 s apart is taken once, whole, with the default settle time', async () => {
    await startWatcher();
    const text = Buffer.from(productCsv(barcodes(8, 'slow')));
    const half = Math.floor(text.length / 2); // mid-line: the first half alone is a broken sheet
    const path = join(layout.inbox, 'slow.csv');
    const done = waitFor(events, finished('slow.csv'));
    await writeFile(path, text.subarray(0, half));
    await sleep(4_000); // the stalled copy under test, closed between its writes
    await appendFile(path, text.subarray(half));
    await expectTakenOnceWhole(await done, 'slow.csv', text, 8);
  });

  it.skipIf(!existsSync('/proc/self/fdinfo'))(
    'a CSV still open in its writer is not taken, however long the pause, until the writer closes it',
    async () => {
      await startWatcher(200);
      const text = Buffer.from(productCsv(barcodes(6, 'open')));
      const half = Math.floor(text.length / 2);
      const path = join(layout.inbox, 'open.csv');
      // A writer that holds the file open: half now, the rest (and close) when told on stdin.
      const script = `
        const fs = require('node:fs');
        const fd = fs.openSync(process.argv[1], 'w');
        fs.writeSync(fd, Buffer.from(process.argv[2], 'base64'));
        process.stdout.write('half\\n');
        process.stdin.once('data', () => {
          fs.writeSync(fd, Buffer.from(process.argv[3], 'base64'));
          fs.closeSync(fd);
          process.exit(0);
        });`;
      const child = spawn(
        process.execPath,
        ['-e', script, path, text.subarray(0, half).toString('base64'), text.subarray(half).toString('base64')],
        { stdio: ['pipe', 'pipe', 'inherit'] },
      );
      writer = child;
      const held = waitFor(events, waiting('open.csv', /still open for writing \(process \d+\)/));
      const done = waitFor(events, finished('open.csv'));
      await held; // settled long since (200 ms), and still not taken: its writer holds it
      expect(seen.filter((e) => e.type === 'claimed')).toEqual([]);
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.stdin.write('go\n');
      await exited;
      await expectTakenOnceWhole(await done, 'open.csv', text, 6);
    },
  );

  it('an XLSX without its ZIP end record is not taken until the rest arrives', async () => {
    await startWatcher(200);
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Products');
    sheet.addRow(['title', 'sale_price', 'category', 'barcode']);
    for (const code of barcodes(5, 'zip')) sheet.addRow([`Item ${code}`, 10, 1, code]);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const path = join(layout.inbox, 'book.xlsx');
    const cut = bytes.length - 30; // the end record (22 bytes) and a little more still to come
    const held = waitFor(events, waiting('book.xlsx', /ZIP end record/));
    const done = waitFor(events, finished('book.xlsx'));
    await writeFile(path, bytes.subarray(0, cut));
    await held;
    expect(seen.filter((e) => e.type === 'claimed')).toEqual([]);
    await appendFile(path, bytes.subarray(cut));
    await expectTakenOnceWhole(await done, 'book.xlsx', bytes, 5);
  });
});
