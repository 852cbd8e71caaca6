/** Shared set-up for intake tests: the base world's sandbox store and temp folder, the local engine. */
import { mkdir, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'vitest';
import { silentLogger } from '../../src/log.ts';
import { settingsFor } from '../store/helpers.ts';
import type { SandboxHandle } from '../../src/sandbox/index.ts';
import { openSheet } from '../../src/sheet/index.ts';
import { createStoreClient } from '../../src/store/index.ts';
import { runSync } from '../../src/sync/run-local.ts';
import type { SyncRequest } from '../../src/sync/types.ts';
import type { SyncRunner } from '../../src/intake/drop-file.ts';
import { runJob, type JobRunDeps } from '../../src/intake/schedules.ts';
import { batchLedgersOf } from '../../src/ledger/for-batch.ts';
import type { Ledger } from '../../src/ledger/ledger.ts';
import { FileClaims } from '../../src/intake/claims.ts';
import type { DropLayout } from '../../src/intake/drop-layout.ts';
import { DropWatcher, type DropEvent, type DropWatcherOptions } from '../../src/intake/drop-watcher.ts';
import { FileLedger } from '../../src/ledger/file-store.ts';
import { parseJobFile, type JobDefinition } from '../../src/intake/job-file.ts';
import { SheetFileError } from '../../src/sheet/types.ts';
import { startSandboxWorld, type SandboxWorld } from '../helpers/base-world.ts';

export interface World extends SandboxWorld {
  reportDir: string;
  runner(ledger: Ledger): SyncRunner;
  /** A file ledger (default: `ledger.jsonl` in the world's folder), closed with the world. */
  openLedger(path?: string): Promise<FileLedger>;
}

export interface WorldOptions {
  latencyMs?: number;
  /** One HTTP attempt and one job attempt per call: injected faults end rows at once. */
  noRetries?: boolean;
  concurrency?: number;
  /** A key prefix of the world's own on the shared Redis (deleted at close). */
  redis?: boolean;
}

export async function startWorld(options: WorldOptions = {}): Promise<World> {
  const world = await startSandboxWorld({
    name: 'intake',
    sandbox: options.latencyMs ? { latencyMs: options.latencyMs } : {},
    redis: options.redis === true,
  });
  const { sandbox, dir } = world;
  const reportDir = join(dir, 'reports');
  const client = createStoreClient(settingsFor(sandbox, { requestTimeoutMs: 10_000 }), {
    logger: silentLogger,
    ...(options.noRetries ? { maxAttempts: 1 } : {}),
  });
  const concurrency = options.concurrency ?? 4;
  const ledgers: FileLedger[] = [];
  world.onClose(async () => {
    for (const ledger of ledgers.splice(0)) await ledger.close();
  });
  return {
    ...world,
    reportDir,
    runner: (ledger) => (request: SyncRequest) =>
      runSync(request, {
        client,
        reportDir,
        rate: 1_000,
        concurrency,
        batchLedgers: batchLedgersOf(ledger),
        openSheet: (file, o) => openSheet(file, o),
      }),
    openLedger: async (path = join(dir, 'ledger.jsonl')) => {
      const ledger = await FileLedger.open(path);
      ledgers.push(ledger);
      return ledger;
    },
  };
}

/** A job test's world: the intake world, its file ledger open, and a folder for job files. */
export interface JobWorld extends World {
  ledger: FileLedger;
  jobsDir: string;
}

/**
 * The world of a job test, with the folders `named` made in its folder (`world.<name>` is each
 * one's path): one setup for the tests whose jobs read a folder, an SFTP server or a bucket.
 */
export async function startJobWorld<F extends string>(
  named: readonly F[] = [],
  options: WorldOptions = {},
): Promise<JobWorld & Record<F, string>> {
  const world = await startWorld(options);
  const ledger = await world.openLedger();
  const { jobs: jobsDir } = await makeFolders(world.dir, ['jobs']);
  return { ...world, ledger, jobsDir, ...(await makeFolders(world.dir, named)) };
}

/** Makes `<dir>/<name>` for each name: their paths by name. */
export async function makeFolders<F extends string>(dir: string, names: readonly F[]): Promise<Record<F, string>> {
  const paths = names.map((name) => [name, join(dir, name)] as const);
  for (const [, path] of paths) await mkdir(path);
  return Object.fromEntries(paths) as Record<F, string>;
}

/** Writes `<jobsDir>/<name>.yaml` of these lines: the job as the scheduler reads it. */
export async function writeJob(jobsDir: string, name: string, lines: readonly string[]): Promise<JobDefinition> {
  const file = join(jobsDir, `${name}.yaml`);
  const text = `${lines.join('\n')}\n`;
  await writeFile(file, text);
  return parseJobFile(file, text);
}

/** The error a job run that cannot get its sheet ends in: a SheetFileError, with nothing sent to the store. */
export async function sheetRefused(run: Promise<unknown>, sandbox: SandboxHandle): Promise<SheetFileError> {
  const error = await run.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SheetFileError);
  expect(writeCount(sandbox)).toBe(0);
  return error as SheetFileError;
}

/** A product sheet of creates: one row per barcode. */
export function productCsv(barcodes: readonly string[], price = 10): string {
  return ['title,sale_price,category,barcode', ...barcodes.map((b) => `Item ${b},${price},1,${b}`)].join('\n') + '\n';
}

export async function writeSheet(path: string, text: string): Promise<string> {
  await writeFile(path, text);
  return path;
}

/** Resolves when `predicate` holds for an event, rejects after `ms` (a safety net, not a timing). */
export function waitFor<T, U extends T>(
  subscribe: (listener: (value: T) => void) => void,
  predicate: (value: T) => value is U,
  ms?: number,
): Promise<U>;
export function waitFor<T>(
  subscribe: (listener: (value: T) => void) => void,
  predicate: (value: T) => boolean,
  ms?: number,
): Promise<T>;
export function waitFor<T>(
  subscribe: (listener: (value: T) => void) => void,
  predicate: (value: T) => boolean,
  ms = 90_000,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timed out waiting for an event')), ms);
    subscribe((value) => {
      if (predicate(value)) {
        clearTimeout(timer);
        resolve(value);
      }
    });
  });
}

/** The event of a drop watcher finishing `file`, for waitFor. */
export const finishedFile =
  (file: string) =>
  (e: DropEvent): e is Extract<DropEvent, { type: 'finished' }> =>
    e.type === 'finished' && e.file === file;

export function createCount(sandbox: SandboxHandle): number {
  return sandbox.requestCount('/v1/create_product');
}

export function writeCount(sandbox: SandboxHandle): number {
  return sandbox.requests().filter((r) => r.path !== '/v1/authorization').length;
}

/**
 * A drop watcher's settings as `watch` gives them without Redis: lock-file claims, the world's
 * runner, a delta sync keyed on barcode, not forced, silent. A test adds its own timings.
 */
export function dropWatcherBase(world: World, layout: DropLayout, ledger: Ledger): DropWatcherOptions {
  return {
    layout,
    claims: new FileClaims(layout.locks),
    ledger,
    run: world.runner(ledger),
    ledgerSettings: { mode: 'delta', keyColumn: 'barcode', retryUnknown: false },
    force: false,
    logger: silentLogger,
  };
}

/** A drop watcher of a test, and the way to wait on what it tells. */
export interface WatchedDrop {
  watcher: DropWatcher;
  /** Subscribes a listener to the watcher's events (for waitFor). */
  events: (listener: (event: DropEvent) => void) => void;
}

/**
 * A drop watcher on dropWatcherBase's settings with the test's own (its timings) over them, not
 * started; closed with the world at the latest, so a test that fails before its close leaves none.
 */
export function watchDrop(
  world: World,
  layout: DropLayout,
  ledger: Ledger,
  more: Omit<Partial<DropWatcherOptions>, 'onEvent'>,
): WatchedDrop {
  const listeners: ((event: DropEvent) => void)[] = [];
  const watcher = new DropWatcher({
    ...dropWatcherBase(world, layout, ledger),
    ...more,
    onEvent: (event) => listeners.forEach((listener) => listener(event)),
  });
  world.onClose(() => watcher.close(1_000));
  return { watcher, events: (listener) => void listeners.push(listener) };
}

/** The settings of a CLI run in the world: its store, a ledger file, its reports and a jobs folder (made). */
export async function jobsEnv(world: World): Promise<Record<string, string>> {
  const jobsDir = join(world.dir, 'jobs');
  await mkdir(jobsDir, { recursive: true });
  return {
    ...world.storeEnv,
    LEDGER_FILE: join(world.dir, 'ledger', 'ledger.jsonl'),
    REPORT_DIR: world.reportDir,
    JOBS_DIR: jobsDir,
    RATE: '1000',
  };
}

/** A product sheet at `path` whose modification time is `day` of November 2026 (UTC noon). */
export async function writeDated(path: string, barcodes: string[], day: number): Promise<void> {
  await writeFile(path, productCsv(barcodes));
  const at = new Date(Date.UTC(2026, 10, day, 12));
  await utimes(path, at, at);
}

/** A run of the job that finds nothing to take: no batch; what it said instead. */
export async function nothingTaken(
  definition: JobDefinition,
  deps: JobRunDeps & { said: string[] },
): Promise<string[]> {
  expect(await runJob(definition, deps)).toEqual([]);
  return deps.said;
}

/** What a job run needs, on the world's runner and `ledger`; `said` keeps what it says of nothing new. */
export function jobDeps(
  world: World,
  ledger: Ledger,
  settle: () => Promise<void> = () => Promise.resolve(),
): JobRunDeps & { said: string[] } {
  const said: string[] = [];
  return {
    runnerFor: () => world.runner(ledger),
    logger: silentLogger,
    fetchLimits: { settle },
    onNothingNew: (message) => said.push(message),
    said,
  };
}
