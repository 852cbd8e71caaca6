/**
 * The local transport (no Redis): streams the sheet, runs rows through
 * the row processor in its row and request slots (slots.ts) and writes the report in row order as rows end.
 */
import { join } from 'node:path';
import type { BatchLedger } from '../ledger/batch-ledger.ts';
import { silentLogger, type Logger } from '../log.ts';
import { BatchReportWriter } from '../report/batch-report.ts';
import { shownRow, type ReportRow } from '../report/report-row.ts';
import type { OpenedSheet, SheetOpener } from '../sheet/open.ts';
import { SheetFileError, type RowPlan, type SheetRowResult } from '../sheet/types.ts';
import { readErrorOf } from './read-error.ts';
import { isRetired, NOT_RETIRING, sheetRetirerOf, type SheetRetirer } from './retire.ts';
import type { RowResult } from '../outcome.ts';
import { recordedStore } from '../store/identity.ts';
import type { Session } from '../store/types.ts';
import { dryRunResult, type DryRunFacts, type DryRunState } from './dry-run.ts';
import { OrderedWindow } from './ordered-window.ts';
import {
  batchInfoFor,
  buildBatchLedger,
  categoryListOnce,
  fetchDryRunFacts,
  ledgerSettingsOf,
  openRequestSheet,
  wantsRow,
  customKeyColumn,
} from './prepare.ts';
import { memoryMarkers, processRow, type RowProcessorDeps, type RowWork } from './process-row.ts';
import { invalidResult, withNote } from './rules.ts';
import { sendSlots } from './slots.ts';
import { BatchTally } from './tally.ts';
import { isUnchanged, UnchangedRows } from './unchanged-rows.ts';
import { batchSummary, type BatchSummary, type ReadError } from '../report/summary.ts';
import { countsTaker, CountsRecorder } from './category-counts.ts';
import type { EngineDeps, SyncRequest } from './types.ts';

/** Rows read ahead from a ledger behind a round trip: one ledger lookup per block. */
const PREFETCH_ROWS = 500;

export interface LocalSyncDeps extends EngineDeps {
  openSheet?: SheetOpener;
  /** Rows read ahead of the oldest unfinished one. @defaultValue max(1000, concurrency * 50) */
  window?: number;
}

export async function runSync(request: SyncRequest, deps: LocalSyncDeps): Promise<BatchSummary> {
  const startedAt = new Date((deps.clock ?? Date.now)()).toISOString();
  // One category list for the batch: its names and its dry run's check share it.
  const batchDeps = { ...deps, categories: deps.categories ?? categoryListOnce(deps.client) };
  const sheet = await openRequestSheet(request, deps.openSheet, deps.maxTextLength, batchDeps.categories);
  try {
    return await syncSheet(request, batchDeps, sheet, startedAt);
  } finally {
    await sheet.close();
  }
}

async function syncSheet(
  request: SyncRequest,
  deps: LocalSyncDeps,
  sheet: OpenedSheet,
  startedAt: string,
): Promise<BatchSummary> {
  const clock = deps.clock ?? Date.now;
  const logger = deps.logger ?? silentLogger;
  const info = batchInfoFor(request, sheet, clock());
  const sender = await rowSender(request, deps, sheet, info.batchId);
  const dir = join(deps.reportDir, info.batchId);
  const report = await BatchReportWriter.open(dir, sheet.headers, request.lang);
  const tally = new BatchTally(info.batchId);
  logger.info(
    { batchId: info.batchId, file: request.file, kind: sheet.kind, dryRun: !!request.dryRun },
    'batch started',
  );
  const unchanged = new UnchangedRows(request.listUnchanged === true);
  const window = reportWindow(deps, report, tally, unchanged);
  let retired = 0;
  const submit = (sheetRow: SheetRowResult): Promise<void> =>
    window.submit(async () => {
      const result = await sender.resultFor(sheetRow);
      if (isRetired(result)) retired++;
      return reportRowOf(sheetRow, result);
    });
  let readError: ReadError | undefined;
  try {
    const read = await readSheet(request, sheet, sender.ledger, submit, logger, info.batchId);
    readError = read.readError;
    // The sheet is read: from here on progress has a total (and the CLI an ETA).
    tally.total = read.rows;
    deps.onProgress?.(tally.progress());
    await window.drain();
    await sender.counts.afterLastRow();
  } catch (error) {
    await report.abort();
    throw error;
  }
  tally.total = tally.done;
  const summary = batchSummary({
    batchId: info.batchId,
    store: recordedStore(deps.client.identity, await sender.storeName()),
    source: info.source,
    file: info.file,
    kind: info.kind,
    sheet: info.sheet,
    columns: sheet.columns,
    total: tally.done,
    counts: tally.counts,
    retired: retired || undefined,
    startedAt,
    finishedAt: new Date(clock()).toISOString(),
    rate: deps.rate,
    keyColumn: customKeyColumn(request.ledger),
    rerunOf: request.rerunOf,
    fixes: request.fixes,
    undoes: request.undoes,
    lang: request.lang,
    dryRun: request.dryRun,
    skippedUnchanged: unchanged.summary(),
    readError,
    categoryCounts: sender.counts.summary(),
    reportDir: dir,
  });
  await report.finish(summary);
  logger.info({ batchId: info.batchId, counts: summary.counts }, 'batch finished');
  return summary;
}

/** How a batch's rows get their results: sent through the row processor, or judged by a dry run. */
interface RowSender {
  ledger: BatchLedger | null;
  counts: CountsRecorder;
  resultFor(sheetRow: SheetRowResult): Promise<RowResult>;
  /** The store's name, when this batch logged in. */
  storeName(): Promise<string | undefined>;
}

async function rowSender(
  request: SyncRequest,
  deps: LocalSyncDeps,
  sheet: OpenedSheet,
  batchId: string,
): Promise<RowSender> {
  const clock = deps.clock ?? Date.now;
  const logger = deps.logger ?? silentLogger;
  const facts: DryRunFacts | null = request.dryRun
    ? {
        ...(await fetchDryRunFacts(deps.client, deps.categories)),
        categoryColumn: sheet.columns?.category ?? 'category',
      }
    : null;
  // A dry run asks the ledger too (read-only: `before` alone), so it says what the sync would do.
  const ledger = buildBatchLedger(ledgerSettingsOf(request, sheet), deps.batchLedgers);
  const slots = sendSlots(deps.concurrency);
  // Logged in before the first request, not before the first row: a delta sync that sends nothing
  // never logs in. A wrong password still stops the run before anything is sent (exit 2): the
  // login's error fails the run, not the row.
  let login: Promise<Session> | null = null;
  const inSlot = (calls: () => Promise<RowResult>): Promise<RowResult> =>
    slots.schedule(async () => {
      await (login ??= deps.client.authorize());
      return calls();
    });
  const counts = new CountsRecorder(countsTaker(deps.client, clock), logger, batchId);
  const processorDeps: RowProcessorDeps | null = facts
    ? null
    : {
        batchId,
        client: deps.client,
        ledger,
        markers: memoryMarkers(),
        onLedgerError: (err, row) => logger.error({ err, batchId, row }, 'ledger could not record a row'),
        schedule: inSlot,
        requestSlot: slots.requestSlot,
        // The login first: a wrong password fails the run as before, with one login and no categories call.
        beforeCreate: async () => {
          await (login ??= deps.client.authorize());
          await counts.beforeCreate();
        },
      };
  const dryState = { creates: 0 };
  return {
    ledger,
    counts,
    async resultFor(sheetRow) {
      if (!sheetRow.plan) return invalidResult(sheetRow);
      const work = { row: sheetRow.row, originalRow: sheetRow.originalRow, plan: sheetRow.plan, cells: sheetRow.cells };
      if (facts) return dryRunRow(work, ledger, batchId, facts, dryState);
      return processRow(work, processorDeps!);
    },
    storeName: () => storeNameAfter(login),
  };
}

/**
 * What a dry run says of a row: what the ledger decides for it (plan-row.ts decides by the same
 * rule for the preview and the guard), else what sending it would do, by the store's facts.
 */
async function dryRunRow(
  work: RowWork,
  ledger: BatchLedger,
  batchId: string,
  facts: DryRunFacts,
  state: DryRunState,
): Promise<RowResult> {
  if (work.plan.kind !== 'skip') {
    const decided = await ledger.before({ batchId, ...work });
    if (decided.result) return withNote(decided.result, work.plan);
    return dryRunResult(work.row, decided.send, facts, state);
  }
  return dryRunResult(work.row, work.plan, facts, state);
}

/** Rows ended out of order go to the report in row order, counted as they are written. */
function reportWindow(
  deps: LocalSyncDeps,
  report: BatchReportWriter,
  tally: BatchTally,
  unchanged: UnchangedRows,
): OrderedWindow<ReportRow> {
  const counted = (row: ReportRow): void => {
    tally.add(row.result.outcome);
    deps.onProgress?.(tally.progress());
  };
  return new OrderedWindow<ReportRow>(deps.window ?? Math.max(1000, deps.concurrency * 50), async (row) => {
    if (isUnchanged(row.result)) {
      unchanged.add(shownRow(row));
      if (!unchanged.listed) return counted(row);
    }
    await report.write(row);
    counted(row);
  });
}

/** Reads the sheet's wanted rows into `submit`; a file that breaks part-way ends the reading, not the batch. */
async function readSheet(
  request: SyncRequest,
  sheet: OpenedSheet,
  ledger: BatchLedger | null,
  submit: (sheetRow: SheetRowResult) => Promise<void>,
  logger: Logger,
  batchId: string,
): Promise<{ rows: number; readError?: ReadError }> {
  let read = 0;
  const retirer = sheetRetirerOf(request, sheet, ledger, ledgerSettingsOf(request, sheet).keyColumn);
  if (request.absent && !retirer) logger.warn({ batchId, absent: request.absent }, NOT_RETIRING);
  // A ledger behind a round trip (the Redis one) reads each block of rows ahead in one go.
  const prefetch = ledger?.prefetch?.bind(ledger);
  const block: SheetRowResult[] = [];
  const submitBlock = async () => {
    // A failed lookup fails no batch: before() asks again, and a ledger that cannot answer fails
    // just those rows, unsent, as without read-ahead.
    await prefetch?.(block.filter(hasPlan)).catch(() => undefined);
    for (const sheetRow of block) await submit(sheetRow);
    block.length = 0;
  };
  const take = async (sheetRow: SheetRowResult): Promise<void> => {
    read++;
    if (!prefetch) return submit(sheetRow);
    block.push(sheetRow);
    if (block.length >= PREFETCH_ROWS) await submitBlock();
  };
  try {
    for await (const sheetRow of sheet.rows()) {
      if (!wantsRow(request, sheetRow)) continue;
      retirer?.add(sheetRow);
      await take(sheetRow);
    }
    // Read whole: the products it no longer lists are retired (a break part-way threw before).
    if (retirer) await retire(retirer, take, logger, batchId);
    await submitBlock();
    return { rows: read };
  } catch (error) {
    // The file broke part-way: the rows already read (some already sent) end and are reported.
    if (!(error instanceof SheetFileError)) throw error;
    await submitBlock();
    logger.error(
      { batchId, code: error.code, rowsRead: read },
      'sheet broke part-way: the rows read before are synced and reported',
    );
    return { rows: read, readError: readErrorOf(error) };
  }
}

/** The sheet's retirements, each through the same path as a row of it. */
async function retire(
  retirer: SheetRetirer,
  take: (sheetRow: SheetRowResult) => Promise<void>,
  logger: Logger,
  batchId: string,
): Promise<void> {
  let retired = 0;
  for await (const row of retirer.rows()) {
    retired++;
    await take(row);
  }
  logger.info({ batchId, retired }, 'products not in this sheet retired');
}

/** The store's name, when this batch logged in (a delta sync that sends nothing never does). */
async function storeNameAfter(login: Promise<Session> | null): Promise<string | undefined> {
  const session = await login?.catch(() => null);
  return session?.store.store_name || undefined;
}

function reportRowOf(sheetRow: SheetRowResult, result: RowResult): ReportRow {
  return { row: sheetRow.row, originalRow: sheetRow.originalRow, cells: sheetRow.cells, result };
}

function hasPlan(row: SheetRowResult): row is SheetRowResult & { plan: RowPlan } {
  return row.plan !== null;
}
