/**
 * Delta sync of an unchanged 100,000-row sheet, as a ratio to reading + validating the same
 * sheet alone (goal: at most 1.3x, and no write request to the store).
 *
 *   npx tsx bench/delta.ts [--rows 100000] [--runs 5]
 *
 * The sheet (half updates by product_id, half creates by barcode, Arabic titles) is generated
 * in a temp dir. The ledger is primed as a previous sync of it leaves it (every row `synced`
 * with the fingerprint of what it sends and the row's text), then the same sheet is synced in
 * delta mode with the local engine (the sheet read in place) against the sandbox store:
 * with the file ledger (local), the Redis ledger (127.0.0.1:6379, own key prefix, removed
 * afterwards), and the file ledger with --list-unchanged (every unchanged row written to
 * results.csv/results.xlsx as well), and the Redis deployment's path: enqueueSync + a BullMQ
 * worker + waitForBatch, with the Redis ledger. Every variant is run once untimed first, so the
 * figures are for a process that has synced before. The first sync of the process is shown on
 * its own line.
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { Redis } from 'ioredis';
import { silentLogger } from '../src/log.ts';
import { startSandbox } from '../src/sandbox/index.ts';
import { openSheet } from '../src/sheet/index.ts';
import { createStoreClient } from '../src/store/index.ts';
import { enqueueSync, runSync, startSyncWorker, waitForBatch } from '../src/sync/index.ts';
import { batchLedgersOf } from '../src/ledger/for-batch.ts';
import type { Ledger, LedgerEntry } from '../src/ledger/ledger.ts';
import { UNCHANGED_CODE, type BatchLedger } from '../src/ledger/batch-ledger.ts';
import type { BatchLedgerFactory } from '../src/ledger/batch-ledger.ts';
import { FileLedger } from '../src/ledger/file-store.ts';
import { RedisLedger } from '../src/ledger/redis-store.ts';
import { fingerprintOf, rowDigestOf } from '../src/ledger/fingerprint.ts';
import { ledgerKeyOf } from '../src/ledger/rules.ts';
import { PrintedFigures } from './results-section.ts';

const figures = new PrintedFigures(
  'delta',
  "Delta sync of an unchanged sheet (every row already synced) against reading and validating it alone, in one long-running process; the lines after the file ledger's are for comparison. Goal: at most 1.3x read + validate with the file ledger, and 0 write requests.",
);

function flag(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

const ROWS = flag('rows', 100_000);
const REDIS_URL = 'redis://127.0.0.1:6379';
const QUEUED = 'BullMQ queue, redis ledger';
const RUNS = flag('runs', 5);

async function writeSheet(path: string, rows: number): Promise<void> {
  const out = createWriteStream(path);
  out.write('product_id,title,title_ar,sale_price,category,barcode\n');
  for (let i = 0; i < rows; i++) {
    const line =
      i % 2 === 0
        ? `${100_000 + i},Item ${i},منتج رقم ${i} بجودة عالية,${(i % 500) + 0.5},${(i % 6) + 1},\n`
        : `,Item ${i},منتج رقم ${i} بجودة عالية,${(i % 500) + 0.5},${(i % 6) + 1},628${String(i).padStart(10, '0')}\n`;
    if (!out.write(line)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

/** The baseline: read + map + validate every row, nothing else. */
async function readAndValidate(file: string): Promise<number> {
  const sheet = await openSheet(file);
  let valid = 0;
  for await (const row of sheet.rows()) if (row.plan) valid++;
  return valid;
}

/** What a previous successful sync of this sheet leaves in the ledger. */
async function prime(ledger: Ledger, file: string): Promise<void> {
  const sheet = await openSheet(file);
  let chunk: [string, LedgerEntry][] = [];
  for await (const row of sheet.rows()) {
    if (!row.plan) continue;
    const key = ledgerKeyOf(row.plan);
    if (key)
      chunk.push([
        key,
        {
          fp: fingerprintOf(row.plan),
          st: 'synced',
          batch: 'primed',
          row: row.row,
          rt: rowDigestOf(sheet.rowSignature, row.cells),
        },
      ]);
    if (chunk.length >= 5_000) {
      await ledger.setMany(chunk);
      chunk = [];
    }
  }
  await ledger.setMany(chunk);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

async function main(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-delta-'));
  const file = join(dir, 'sheet.csv');
  const sandbox = await startSandbox();
  const redis = new Redis(REDIS_URL);
  const prefix = `bench-${randomUUID()}`;
  try {
    await writeSheet(file, ROWS);
    const client = createStoreClient(
      {
        storeUrl: sandbox.url,
        storeEmail: sandbox.email,
        storePassword: sandbox.password,
        rate: 1_000,
        categoriesMethod: 'POST',
        requestTimeoutMs: 10_000,
        connectTimeoutMs: 2_000,
      },
      { logger: silentLogger },
    );
    const fileLedger = await FileLedger.open(join(dir, 'ledger.jsonl'));
    const redisLedger = new RedisLedger(redis, prefix, 'bench');
    for (const ledger of [fileLedger, redisLedger]) await prime(ledger, file);
    // The engine's own floor: a batch ledger that finds every row unchanged at once, with no store.
    const skipAll: BatchLedger = {
      before: (row) =>
        Promise.resolve({
          result: {
            row: row.row,
            outcome: 'skipped',
            message: 'unchanged',
            httpStatus: null,
            attempts: 0,
            code: UNCHANGED_CODE,
          },
        }),
      after: () => Promise.resolve(),
    };
    const variants: { name: string; batchLedgers: BatchLedgerFactory; listUnchanged: boolean }[] = [
      { name: 'engine floor (no ledger)', batchLedgers: () => skipAll, listUnchanged: false },
      { name: 'file ledger (local)', batchLedgers: batchLedgersOf(fileLedger), listUnchanged: false },
      { name: 'redis ledger', batchLedgers: batchLedgersOf(redisLedger), listUnchanged: false },
      { name: 'file ledger, rows listed', batchLedgers: batchLedgersOf(fileLedger), listUnchanged: true },
      { name: QUEUED, batchLedgers: batchLedgersOf(redisLedger), listUnchanged: false },
    ];
    // The Redis deployment: the batch goes through the queue, a worker writes the report.
    const worker = startSyncWorker({
      redisUrl: REDIS_URL,
      prefix: `${prefix}:queue`,
      client,
      concurrency: 4,
      batchLedgers: batchLedgersOf(redisLedger),
    });
    await worker.ready();
    const viaQueue = async () => {
      const request = { file, ledger: { mode: 'delta' as const, keyColumn: 'barcode', retryUnknown: false } };
      const target = { redisUrl: REDIS_URL, prefix: `${prefix}:queue` };
      const { batchId } = await enqueueSync(request, {
        ...target,
        reportDir: join(dir, 'reports'),
        rate: 1_000,
        client,
        store: client.identity,
        batchLedgers: batchLedgersOf(redisLedger),
      });
      const summary = await waitForBatch(batchId, { ...target, pollMs: 20 });
      return summary.skippedUnchanged?.count ?? 0;
    };
    const sync = async (variant: (typeof variants)[number]) => {
      if (variant.name === QUEUED) return viaQueue();
      const summary = await runSync(
        {
          file,
          ledger: { mode: 'delta', keyColumn: 'barcode', retryUnknown: false },
          listUnchanged: variant.listUnchanged,
        },
        {
          client,
          reportDir: join(dir, 'reports'),
          rate: 1_000,
          concurrency: 4,
          batchLedgers: variant.batchLedgers,
        },
      );
      return summary.skippedUnchanged?.count ?? 0;
    };
    const coldBase = await timed(() => readAndValidate(file)); // warm-up
    // Warm-up; the first sync of the process is timed too.
    const cold = await timed(() => sync(variants[1]!));
    for (const variant of variants) await sync(variant);

    const baseline: number[] = [];
    const delta: Record<string, number[]> = Object.fromEntries(variants.map((v) => [v.name, []]));
    let writes = 0;
    let unchanged = 0;
    for (let run = 0; run < RUNS; run++) {
      baseline.push(await timed(() => readAndValidate(file)));
      for (const variant of variants) {
        sandbox.resetStats();
        delta[variant.name]!.push(
          await timed(async () => {
            const count = await sync(variant);
            if (variant.name === 'file ledger (local)') unchanged = count;
          }),
        );
        writes += sandbox.requests().filter((r) => r.path !== '/v1/authorization').length;
      }
    }
    const base = median(baseline);
    figures.print(
      `delta sync of an unchanged ${ROWS.toLocaleString('en')}-row sheet (median of ${RUNS}; node ${process.version})`,
    );
    figures.print(
      `  read + validate alone:               ${(base / 1000).toFixed(2)} s (${Math.round(ROWS / (base / 1000)).toLocaleString('en')} rows/s)`,
    );
    for (const [name, times] of Object.entries(delta)) {
      const t = median(times);
      figures.print(`  delta sync, ${name.padEnd(25)} ${(t / 1000).toFixed(2)} s  ratio ${(t / base).toFixed(2)}x`);
    }
    figures.print(
      `  first delta sync of the process (file ledger): ${(cold / 1000).toFixed(2)} s, first read + validate ${(coldBase / 1000).toFixed(2)} s`,
    );
    figures.print(
      "  goal: delta sync <= 1.30x read + validate: the local mode's long-running commands (watch), file ledger; the other lines are for comparison",
    );
    figures.print(
      `  rows found unchanged per run: ${unchanged.toLocaleString('en')}; write requests to the store, all runs: ${writes} (one login per run, no writes)`,
    );
    figures.print(`  peak RSS: ${Math.round(process.resourceUsage().maxRSS / 1024)} MB`);
    await worker.close();
  } finally {
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
    await sandbox.close();
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
await figures.write();
