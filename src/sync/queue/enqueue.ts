/**
 * Puts a sheet's rows on the BullMQ queue while the sheet streams (never all rows in memory):
 * invalid rows get their result at once, valid rows become one job each (deterministic id),
 * added in chunks. The batch is sealed with its total when the sheet ends.
 */
import { resolve } from 'node:path';
import type { Queue } from 'bullmq';
import { silentLogger, type Logger } from '../../log.ts';
import type { OpenedSheet, SheetOpener } from '../../sheet/open.ts';
import { SheetFileError, type RowPlan, type SheetRowResult } from '../../sheet/types.ts';
import { readErrorOf } from '../read-error.ts';
import type { StoreApi } from '../../store/types.ts';
import { describeStore, recordedStore, sameStore, type StoreIdentity } from '../../store/identity.ts';
import { UNCHANGED_CODE, type BatchLedger } from '../../ledger/batch-ledger.ts';
import {
  batchInfoFor,
  buildBatchLedger,
  categoryListOnce,
  ledgerSettingsOf,
  openRequestSheet,
  wantsRow,
} from '../prepare.ts';
import type { CategorySource } from '../../sheet/index.ts';
import { invalidResult } from '../rules.ts';
import { NOT_RETIRING, sheetRetirerOf } from '../retire.ts';
import type { RowResult } from '../../outcome.ts';
import type { BatchLedgerFactory } from '../../ledger/batch-ledger.ts';
import type { SyncRequest } from '../types.ts';
import { BatchState } from './batch-state.ts';
import { closeBull, openRedis, type RedisTarget } from './connection.ts';
import { onBullError } from './redis-outage.ts';
import { REPORT_JOB, REPORT_JOB_OPTIONS, ROW_JOB, type RowJobData } from './jobs.ts';
import { engineKeys, QUEUE_NAME, reportJobId, rowJobId } from './keys.ts';
import { rowQueue } from './row-queue.ts';
import { planPacker, unpackPlan } from './packed-plan.ts';
import { wakeWorkers } from './wake.ts';

export type EnqueueDeps = RedisTarget & {
  /**
   * The store these rows are for. `prefix` is that store's (keys.ts storePrefix): only its
   * workers take them, and a worker for another store that meets one hands it back unsent.
   */
  store: StoreIdentity;
  reportDir: string;
  rate: number;
  openSheet?: SheetOpener;
  /**
   * The store's client: when given, credentials are checked before anything is queued (wrong
   * password: exit 2) and the store's name is recorded with the batch. It must talk to `store`.
   */
  client?: StoreApi;
  logger?: Logger;
  clock?: () => number;
  /** Jobs per addBulk call. @defaultValue 500 */
  chunkSize?: number;
  /** Most characters a text cell may hold; longer is an invalid row. @defaultValue 65,535 (MAX_TEXT_LENGTH) */
  maxTextLength?: number;
  /**
   * The batch ledger. In a delta sync, rows it finds unchanged are recorded at once and never
   * queued: a nightly sync of an unchanged catalog puts no job on the queue. Every other decision
   * stays with the workers.
   */
  batchLedgers?: BatchLedgerFactory;
  /** The store's category list, for cells that name a category (EngineDeps.categories); default: asked of `client`. */
  categories?: CategorySource;
};

export async function enqueueSync(
  request: SyncRequest,
  deps: EnqueueDeps,
): Promise<{ batchId: string; total: number }> {
  const clock = deps.clock ?? Date.now;
  const logger = deps.logger ?? silentLogger;
  if (request.dryRun) throw new Error('a dry run never goes through the queue: use runSync');
  if (deps.client && !sameStore(deps.client.identity, deps.store))
    throw new Error(
      `enqueueSync: the client talks to ${describeStore(deps.client.identity)}, not ${describeStore(deps.store)}`,
    );
  const categories = deps.categories ?? (deps.client ? categoryListOnce(deps.client) : undefined);
  const sheet = await openRequestSheet(request, deps.openSheet, deps.maxTextLength, categories);
  const storeName = await storeNameOf(deps.client, sheet);
  const info = batchInfoFor(request, sheet, clock());
  const redis = openRedis(deps, logger);
  const queue = rowQueue(deps);
  onBullError(queue, logger, 'row queue');
  const state = new BatchState(redis, engineKeys(deps.prefix));
  try {
    const created = await state.create(
      {
        ...info,
        store: recordedStore(deps.store, storeName),
        headers: sheet.headers,
        columns: sheet.columns,
        reportDir: resolve(deps.reportDir),
        rate: deps.rate,
        ledger: ledgerSettingsOf(request, sheet),
        rerunOf: request.rerunOf,
        fixes: request.fixes,
        undoes: request.undoes,
        ...(request.listUnchanged ? { listUnchanged: true } : {}),
        ...(request.lang === 'ar' ? { lang: request.lang } : {}),
        startedAt: new Date(clock()).toISOString(),
      },
      clock(),
    );
    if (!created) {
      // Sealed (its total known): all its rows were queued, and go on where they are.
      const queued = (await state.status(info.batchId))?.total ?? null;
      if (queued !== null) {
        logger.info({ batchId: info.batchId, total: queued }, 'batch queued already: its rows go on');
        return { batchId: info.batchId, total: queued };
      }
    }
    // Queued again before it was sealed (whoever queued it stopped part-way): the rows counted
    // unchanged then are skipped, every other row is queued once more under the same job id (a
    // row recorded already is not counted twice), and the delta pre-check is left to the worker's
    // per-row one: a range it counts at once could hold rows the workers have recorded since.
    const counted = created ? null : await countedUnchanged(state, info.batchId);
    // Plans are packed against the headers the batch's record holds, which the workers unpack with.
    const headers = created ? sheet.headers : ((await state.meta(info.batchId))?.headers ?? sheet.headers);
    const wake = () => wakeWorkers(redis, deps.prefix, QUEUE_NAME);
    const total = await queueRows(request, sheet, info.batchId, { deps, logger, state, queue, headers, wake }, counted);
    if (await state.seal(info.batchId, total)) {
      await queue.add(
        REPORT_JOB,
        { batchId: info.batchId },
        { ...REPORT_JOB_OPTIONS, jobId: reportJobId(info.batchId) },
      );
      await wake();
    }
    logger.info({ batchId: info.batchId, total }, 'batch enqueued');
    return { batchId: info.batchId, total };
  } finally {
    await sheet.close();
    await closeBull(queue);
    await redis.quit();
  }
}

/** Whether a row is in the ranges a batch counted unchanged before queueing. */
async function countedUnchanged(state: BatchState, batchId: string): Promise<(row: number) => boolean> {
  const ranges = await state.unchangedRanges(batchId);
  return (row) => ranges.some(([from, to]) => row >= from && row <= to);
}

/** Credentials checked before anything is queued (wrong password: exit 2); the store's name for the batch. */
async function storeNameOf(client: StoreApi | undefined, sheet: OpenedSheet): Promise<string | undefined> {
  if (!client) return undefined;
  const session = await client.authorize().catch(async (error: unknown) => {
    await sheet.close();
    throw error;
  });
  return session.store.store_name || undefined;
}

type RowJob = { name: string; data: RowJobData; opts: { jobId: string } };

/** Reads the sheet's wanted rows onto the queue; returns how many were read. */
async function queueRows(
  request: SyncRequest,
  sheet: OpenedSheet,
  batchId: string,
  {
    deps,
    logger,
    state,
    queue,
    headers,
    wake,
  }: {
    deps: EnqueueDeps;
    logger: Logger;
    state: BatchState;
    queue: Queue;
    headers: string[];
    /** Tells the store's workers that rows were queued. */
    wake: () => Promise<void>;
  },
  /** A batch queued again: the rows it counted unchanged already. Null for a new batch. */
  counted: ((row: number) => boolean) | null,
): Promise<number> {
  const settings = ledgerSettingsOf(request, sheet);
  const preCheck =
    counted === null && deps.batchLedgers && settings.mode === 'delta'
      ? buildBatchLedger(settings, deps.batchLedgers)
      : null;
  const jobs = chunkedQueue(queue, deps.chunkSize ?? 500, wake, (rows) =>
    preCheck
      ? recordUnchanged(batchId, rows, { ledger: preCheck, state, headers, listed: request.listUnchanged === true })
      : Promise.resolve(rows),
  );
  const pack = planPacker(headers);
  const records = request.absent && deps.batchLedgers ? buildBatchLedger(settings, deps.batchLedgers) : null;
  const retirer = sheetRetirerOf(request, sheet, records, settings.keyColumn);
  if (request.absent && !retirer) logger.warn({ batchId, absent: request.absent }, NOT_RETIRING);
  const push = (sheetRow: SheetRowResult & { plan: RowPlan }): Promise<void> => {
    const data: RowJobData = {
      row: sheetRow.row,
      originalRow: sheetRow.originalRow,
      cells: sheetRow.cells,
      plan: pack(sheetRow.plan, sheetRow.cells),
    };
    return jobs.push({ name: ROW_JOB, data, opts: { jobId: rowJobId(batchId, sheetRow.row) } });
  };
  let total = 0;
  try {
    for await (const sheetRow of sheet.rows()) {
      if (!wantsRow(request, sheetRow)) continue;
      retirer?.add(sheetRow);
      total++;
      if (counted?.(sheetRow.row)) continue;
      if (!sheetRow.plan) {
        await state.record(batchId, {
          result: invalidResult(sheetRow),
          cells: sheetRow.cells,
          originalRow: sheetRow.originalRow,
        });
        continue;
      }
      await push({ ...sheetRow, plan: sheetRow.plan });
    }
    // Read whole: the products it no longer lists are retired, queued as its rows are.
    if (retirer) {
      for await (const row of retirer.rows()) {
        total++;
        await push(row);
      }
    }
  } catch (error) {
    // The file broke part-way: the rows read before the break are queued and end as usual; the
    // batch is sealed with them, so its report is written and says where reading stopped.
    if (!(error instanceof SheetFileError)) throw error;
    await state.setReadError(batchId, readErrorOf(error));
    logger.error(
      { batchId, code: error.code, rowsRead: total },
      'sheet broke part-way: the rows read before are queued and reported',
    );
  }
  await jobs.end();
  return total;
}

/**
 * Row jobs added in chunks, each chunk first through `sieve` (the rows found unchanged are
 * recorded, not queued). One chunk is queued (or found unchanged) while the next is read: its
 * round trips overlap reading.
 */
function chunkedQueue(
  queue: Queue,
  chunkSize: number,
  wake: () => Promise<void>,
  sieve: (rows: RowJob[]) => Promise<RowJob[]>,
) {
  let chunk: RowJob[] = [];
  let queueing: Promise<void> = Promise.resolve();
  const flush = async () => {
    const rows = chunk;
    chunk = [];
    const previous = queueing;
    queueing = (async () => {
      const jobs = await sieve(rows);
      if (jobs.length === 0) return;
      await queue.addBulk(jobs);
      // The store's idle workers start now, here or in another process, not at their next sweep.
      await wake();
    })();
    // Handled here so a failure waits for the next flush (which throws it) instead of going unhandled.
    queueing.catch(() => undefined);
    await previous;
  };
  return {
    async push(job: RowJob): Promise<void> {
      chunk.push(job);
      if (chunk.length >= chunkSize) await flush();
    },
    /** The last chunk queued, and every chunk's round trips ended. */
    async end(): Promise<void> {
      await flush();
      await queueing;
    },
  };
}

/**
 * Asks the ledger about a chunk of rows at once (one ledger lookup) and records the unchanged ones
 * as their final result; returns the jobs still to queue. Unless the report lists unchanged rows,
 * they are only counted (with their row numbers as ranges): a 100,000-row catalog that did not
 * change stores no row in Redis. The ledger's `before` only reads the ledger; a lookup that fails
 * leaves the row to the workers.
 */
async function recordUnchanged<Job extends { data: RowJobData }>(
  batchId: string,
  jobs: Job[],
  { ledger, state, headers, listed }: { ledger: BatchLedger; state: BatchState; headers: string[]; listed: boolean },
): Promise<Job[]> {
  const rows = jobs.map(({ data }) => ({
    batchId,
    row: data.row,
    originalRow: data.originalRow,
    plan: unpackPlan(data.plan, data.cells, headers),
    cells: data.cells,
  }));
  await ledger.prefetch?.(rows).catch(() => undefined);
  const answers = await Promise.all(
    rows.map((row) =>
      ledger.before(row).then(
        (d) => d.result ?? null,
        () => null,
      ),
    ),
  );
  const queued: Job[] = [];
  const unchanged: { data: RowJobData; result: RowResult }[] = [];
  jobs.forEach((job, i) => {
    const answer = answers[i];
    if (answer?.code === UNCHANGED_CODE) unchanged.push({ data: job.data, result: answer });
    else queued.push(job);
  });
  if (unchanged.length === 0) return queued;
  if (listed) {
    await Promise.all(
      unchanged.map(({ data, result }) =>
        state.record(batchId, { result, cells: data.cells, originalRow: data.originalRow }),
      ),
    );
  } else {
    await state.recordUnchanged(
      batchId,
      unchanged.map(({ data }) => data.originalRow ?? data.row).sort((a, b) => a - b),
    );
  }
  return queued;
}
