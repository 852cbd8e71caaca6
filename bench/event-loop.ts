/**
 * How responsive a long-running process (`watch`, `worker`, the coming web console) stays while it
 * reads a large XLSX: perf_hooks.monitorEventLoopDelay's p50/p99/max, from the start of the batch
 * until the last row of the sheet is read. Goal: p99 <= 50 ms. The same code paths as the commands:
 *  - watch (local): a dropped sheet is synced by runSync with the file ledger, rows sent to
 *    the store as they are read (reading waits for the read-ahead window);
 *  - worker (with Redis): a scheduled job's sheet is read by enqueueSync (rows queued as they are
 *    read, unchanged rows looked up in the Redis ledger) while this process's row worker sends the
 *    queued rows to the store.
 * The store is the sandbox in its own process, instant, no rate limit (the most work per second
 * the process can be given). The sheet: bench/fixtures/products-valid-<rows>.xlsx (Arabic text, shared
 * strings as Excel writes them), made once.
 *
 *   npx tsx bench/event-loop.ts [--rows 100000] [--only watch,worker]
 * Needs Redis on 127.0.0.1:6379 for `worker` (own key prefix, deleted afterwards).
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import { Redis } from 'ioredis';
import { batchLedgersOf } from '../src/ledger/for-batch.ts';
import { FileLedger } from '../src/ledger/file-store.ts';
import { RedisLedger } from '../src/ledger/redis-store.ts';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../src/sandbox/index.ts';
import { createStoreClient, type StoreClient } from '../src/store/index.ts';
import { enqueueSync, runSync, startSyncWorker } from '../src/sync/index.ts';
import { ensureBenchFiles } from './sheet-read-data.ts';
import { deletePrefix, startChildSandbox, type ChildSandbox } from './sync-support.ts';
import { PrintedFigures } from './results-section.ts';

const figures = new PrintedFigures(
  'event-loop',
  'Event-loop delay (perf_hooks) of a long-running process while it reads and syncs a large all-valid XLSX, from the start of the batch until its last row is read; the store is the sandbox in its own process, instant, no rate limit, concurrency 32. Goal: p99 <= 50 ms without a thread.',
);

const REDIS_URL = 'redis://127.0.0.1:6379';
const GOAL_P99_MS = 50;
const CONCURRENCY = 32;
/** The bench sheet has both sale_price and price (the reading benches read every column): sync one. */
const IGNORE_PRICE = { price: null };

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1]! : fallback;
};
const ROWS = Number(arg('--rows', '100000'));
const only = new Set(arg('--only', 'watch,worker').split(','));

interface Figures {
  p50: number;
  p99: number;
  max: number;
  seconds: number;
}

/** Runs `fn` with the event loop watched until `fn` calls `stop` (or ends). */
async function watched(fn: (stop: () => void) => Promise<unknown>): Promise<Figures> {
  const histogram: IntervalHistogram = monitorEventLoopDelay({ resolution: 5 });
  const start = performance.now();
  let figures: Figures | null = null;
  const stop = () => {
    if (figures) return;
    histogram.disable();
    const ms = (ns: number) => ns / 1e6;
    figures = {
      p50: ms(histogram.percentile(50)),
      p99: ms(histogram.percentile(99)),
      max: ms(histogram.max),
      seconds: (performance.now() - start) / 1000,
    };
  };
  histogram.enable();
  await fn(stop);
  stop();
  return figures!;
}

function client(url: string): StoreClient {
  return createStoreClient({
    storeUrl: url,
    storeEmail: DEMO_EMAIL,
    storePassword: DEMO_PASSWORD,
    rate: 10_000,
    categoriesMethod: 'POST',
    requestTimeoutMs: 30_000,
    connectTimeoutMs: 5_000,
  });
}

async function watchPath(sandbox: ChildSandbox, file: string, dir: string): Promise<Figures> {
  const ledger = await FileLedger.open(join(dir, 'ledger.jsonl'));
  const store = client(sandbox.url);
  try {
    return await watched((readToEnd) =>
      runSync(
        { file, source: 'drop:products.xlsx', columns: IGNORE_PRICE },
        {
          client: store,
          reportDir: join(dir, 'reports'),
          rate: 10_000,
          concurrency: CONCURRENCY,
          batchLedgers: batchLedgersOf(ledger),
          // The total is known once the last row is read.
          onProgress: (progress) => {
            if (progress.total !== null) readToEnd();
          },
        },
      ),
    );
  } finally {
    store.close();
    await ledger.close();
  }
}

async function workerPath(sandbox: ChildSandbox, file: string, dir: string): Promise<Figures> {
  const prefix = `bench-loop-${randomUUID()}`;
  const redis = new Redis(REDIS_URL);
  const ledger = new RedisLedger(redis, prefix, 'bench');
  const store = client(sandbox.url);
  const worker = startSyncWorker({ redisUrl: REDIS_URL, prefix, client: store, concurrency: CONCURRENCY });
  try {
    await worker.ready();
    return await watched(() =>
      enqueueSync(
        {
          file,
          source: 'job:nightly',
          columns: IGNORE_PRICE,
          ledger: { mode: 'delta', keyColumn: 'barcode', retryUnknown: false },
        },
        {
          redisUrl: REDIS_URL,
          prefix,
          reportDir: join(dir, 'reports'),
          rate: 10_000,
          client: store,
          store: store.identity,
          batchLedgers: batchLedgersOf(ledger),
        },
      ),
    );
  } finally {
    // The rows still queued are dropped with the prefix: only the reading is measured.
    await worker.close(true);
    store.close();
    await redis.quit();
    await deletePrefix(REDIS_URL, prefix);
  }
}

async function main(): Promise<void> {
  // The all-valid variant: every row is sent, so the reading competes with real syncing.
  const { xlsx } = await ensureBenchFiles(ROWS, true);
  const sandbox = await startChildSandbox();
  const dir = await mkdtemp(join(tmpdir(), 'bench-loop-'));
  figures.print(
    `event-loop delay while a long-running process reads a ${ROWS.toLocaleString('en')}-row XLSX and syncs it (node ${process.version})`,
  );
  try {
    // The floor on this machine at this moment: the same process with nothing to do.
    const idle = await watched(() => new Promise((resolve) => setTimeout(resolve, 3000)));
    figures.print(
      `  idle   (nothing to do, 3 s)       p50 ${idle.p50.toFixed(1)} ms  p99 ${idle.p99.toFixed(1)} ms  max ${idle.max.toFixed(1)} ms`,
    );
    const paths = [
      ['watch', 'watch  (runSync, file ledger)    ', watchPath],
      ['worker', 'worker (enqueueSync + row worker) ', workerPath],
    ] as const;
    for (const [name, label, path] of paths) {
      if (!only.has(name)) continue;
      const f = await path(sandbox, xlsx, join(dir, name));
      const verdict = f.p99 <= GOAL_P99_MS ? 'met' : 'NOT met';
      figures.print(
        `  ${label} p50 ${f.p50.toFixed(1)} ms  p99 ${f.p99.toFixed(1)} ms  max ${f.max.toFixed(1)} ms  over ${f.seconds.toFixed(1)} s of reading  (goal p99 <= ${GOAL_P99_MS} ms: ${verdict})`,
      );
    }
  } finally {
    await sandbox.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
await figures.write();
