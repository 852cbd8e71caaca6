/**
 * What the guard adds before a sync: planning every row of a 100,000-row sheet against 100,000
 * products known (each row's record looked up with its values, src/sync/plan-row.ts, and tallied
 * by the guard), against reading and mapping the same sheet alone, in the same process and run.
 * Goal: the guard adds at most 0.5 s. With the file ledger (local) and the Redis ledger (own key
 * prefix on 127.0.0.1:6379, removed afterwards). Median of --runs, after one untimed run. Each
 * record holds the undo steps of its last --undo-steps batches, as a store synced that often has
 * (10: UNDO_BATCHES's default, what a record keeps at most). Each ledger is measured in a process
 * of its own, as `catalog-sync import` runs its guard: one ledger open (the file ledger's index in
 * memory, or a Redis connection), not beside the other ledger and the garbage of writing 200,000
 * records, which made every collection of the measured process longer than an import's.
 *
 *   npx tsx bench/one-plan.ts [--rows 100000] [--runs 3] [--undo-steps 10] [--cpu-prof <dir>]
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Redis } from 'ioredis';
import { FileLedger } from '../src/ledger/file-store.ts';
import type { Ledger, LedgerEntry, ReplacedStep } from '../src/ledger/ledger.ts';
import { RedisLedger } from '../src/ledger/redis-store.ts';
import { openSheets } from '../src/sheet/index.ts';
import { guardVerdictOf } from '../src/sync/guard-sheet.ts';
import { PrintedFigures } from './results-section.ts';

const figures = new PrintedFigures(
  'one-plan: the guard on 100,000 rows',
  'The guard before a sync plans every row against its product\'s record (one lookup per chunk of rows, each record holding its values) and tallies the price drops and the changed share. "added" is its time less reading and mapping the same sheet alone (the sync reads it anyway); "added CPU" the same in CPU seconds of the process (median of the runs\' differences), which a busy shared machine moves less than the wall time. Each ledger is measured in a process of its own that opens only it, as an import runs its guard (the records are written beforehand by the bench itself). Goal: added <= 0.5 s with 100,000 rows against 100,000 products known.',
);

function flag(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

function textFlag(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const ROWS = flag('rows', 100_000);
const RUNS = flag('runs', 3);
const UNDO_STEPS = flag('undo-steps', 10);
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const SETTINGS = { priceDrop: 0.5, changeShare: 0.5, minKnown: 20 };
const PLAN = { mode: 'full' as const, keyColumn: 'barcode', retryUnknown: false };

/** Updates by product_id of every product known, each price 10% lower than the one last sent. */
async function writeSheet(path: string): Promise<void> {
  const out = createWriteStream(path);
  out.write('product_id,title,title_ar,sale_price,barcode\n');
  for (let i = 0; i < ROWS; i++) {
    if (!out.write(`${i + 1},Product ${i},منتج رقم ${i},${90 + (i % 10)},628${String(i).padStart(10, '0')}\n`))
      await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

/** What the record's last batches replaced: its create, then a price change a day. */
function stepsOf(price: number): ReplacedStep[] {
  return Array.from({ length: UNDO_STEPS }, (_, s) => {
    const b = `202611${String(10 + s).padStart(2, '0')}-0530-${s.toString(36).padStart(4, 'x')}`;
    return s === 0 ? { b, was: {}, c: 1 as const } : { b, was: { sale_price: price + s } };
  });
}

/** Every product's record, linked by product_id and barcode, as syncs of the sheet leave them. */
async function prime(ledger: Ledger): Promise<void> {
  for (let from = 0; from < ROWS; from += 5_000) {
    const chunk: [string, LedgerEntry][] = [];
    for (let i = from; i < Math.min(ROWS, from + 5_000); i++) {
      const barcode = `628${String(i).padStart(10, '0')}`;
      const v = { title: `Product ${i}`, title_ar: `منتج رقم ${i}`, sale_price: 100 + (i % 10), barcode };
      const u = stepsOf(100 + (i % 10));
      const record = { fp: 'x', st: 'synced' as const, batch: 'bench', row: i + 2, v, ...(u.length > 0 ? { u } : {}) };
      chunk.push([`p:${i + 1}`, { ...record, ln: [`k:barcode:${barcode}`] }]);
      chunk.push([`k:barcode:${barcode}`, { ...record, ln: [`p:${i + 1}`] }]);
    }
    await ledger.setMany(chunk);
  }
}

/** Wall and CPU seconds (user + system, this process: the ledger's reads and parsing included). */
interface Took {
  wall: number;
  cpu: number;
}

async function timed(work: () => Promise<void>): Promise<Took> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  await work();
  const used = process.cpuUsage(cpu);
  return { wall: (performance.now() - started) / 1000, cpu: (used.user + used.system) / 1e6 };
}

/** The sheet read and mapped as the sync reads it: with the batch's key column (its duplicate checks). */
function readAlone(file: string): Promise<Took> {
  return timed(async () => {
    for (const sheet of await openSheets(file, { maxTextLength: 65_535, keyColumn: PLAN.keyColumn })) {
      try {
        for await (const _row of sheet.rows());
      } finally {
        await sheet.close();
      }
    }
  });
}

function guard(file: string, ledger: Ledger): Promise<Took> {
  return timed(async () => {
    const verdict = await guardVerdictOf(file, ledger, SETTINGS, { maxTextLength: 65_535, settings: PLAN });
    if (verdict.known !== ROWS || verdict.changed !== ROWS)
      throw new Error(`unexpected verdict ${JSON.stringify(verdict)}`);
  });
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** One ledger's row of the table, measured in this process (the child's side of measureApart). */
async function measure(file: string, ledger: Ledger): Promise<Row> {
  await readAlone(file);
  await guard(file, ledger);
  const read: Took[] = [];
  const planned: Took[] = [];
  for (let run = 0; run < RUNS; run++) {
    read.push(await readAlone(file));
    planned.push(await guard(file, ledger));
  }
  // On a shared machine the wall times follow the others' load; the CPU the guard adds does less.
  const addedCpu = median(planned.map((t, i) => t.cpu - read[i]!.cpu));
  return { read: median(read.map((t) => t.wall)), guard: median(planned.map((t) => t.wall)), addedCpu };
}

interface Row {
  read: number;
  guard: number;
  addedCpu: number;
}

type LedgerName = 'file' | 'redis';

/** The child: opens one ledger the parent primed, measures it, prints its row as JSON. */
async function child(name: LedgerName, dir: string, prefix: string): Promise<void> {
  const file = join(dir, 'updates.csv');
  if (name === 'file') {
    const ledger = await FileLedger.open(join(dir, 'ledger.jsonl'));
    console.log(JSON.stringify(await measure(file, ledger)));
    await ledger.close();
    return;
  }
  const redis = new Redis(REDIS_URL);
  try {
    console.log(JSON.stringify(await measure(file, new RedisLedger(redis, prefix, 'bench'))));
  } finally {
    await redis.quit();
  }
}

async function measureApart(name: LedgerName, dir: string, prefix: string): Promise<string> {
  const script = process.argv[1]!;
  // --cpu-prof <dir>: a profile of each ledger's process (bench/cpu-profile-top.ts sums one).
  const profiled = textFlag('cpu-prof');
  const profile = profiled === undefined ? [] : ['--cpu-prof', '--cpu-prof-dir', profiled];
  const args = [...profile, '--import', 'tsx', script, '--measure', name, '--dir', dir, '--prefix', prefix];
  const { stdout } = await promisify(execFile)(process.execPath, [
    ...args,
    ...['--rows', String(ROWS), '--runs', String(RUNS)],
  ]);
  const row = JSON.parse(stdout.trim().split('\n').at(-1)!) as Row;
  const cells = [row.read, row.guard, row.guard - row.read, row.addedCpu].map((n) => n.toFixed(2));
  return `| ${name} | ${cells.join(' | ')} |`;
}

async function main(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'one-plan-bench-'));
  const redis = new Redis(REDIS_URL);
  const prefix = `bench-one-plan-${randomUUID()}`;
  try {
    const file = join(dir, 'updates.csv');
    await writeSheet(file);
    const fileLedger = await FileLedger.open(join(dir, 'ledger.jsonl'));
    const redisLedger = new RedisLedger(redis, prefix, 'bench');
    await prime(fileLedger);
    await fileLedger.close();
    await prime(redisLedger);
    const lines = [
      `${ROWS.toLocaleString('en')} rows against ${ROWS.toLocaleString('en')} products known (${UNDO_STEPS} undo steps each), median of ${RUNS} runs (seconds):`,
      '',
      '| ledger | read + map alone | guard (plan + tally) | added | added CPU |',
      '|---|---:|---:|---:|---:|',
      await measureApart('file', dir, prefix),
      await measureApart('redis', dir, prefix),
    ];
    figures.print(lines.join('\n'));
    await figures.write();
  } finally {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
    await rm(dir, { recursive: true, force: true });
  }
}

const measured = textFlag('measure');
if (measured === 'file' || measured === 'redis') await child(measured, textFlag('dir')!, textFlag('prefix')!);
else await main();
