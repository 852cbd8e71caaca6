/**
 * What happens to one claimed file in processing/: hash it, skip it when the same content was
 * synced already (unless forced), run its batch, and move it to done/ with `<name>.report.json`
 * (status and counts, drop-outcome.ts) and, when a row needs a fix, `<name>.failed.csv` beside it,
 * ready to fix and drop back in; or to failed/ with `<name>.error.txt` when it cannot be read at
 * all. Nothing is deleted.
 */
import { createHash } from 'node:crypto';
import { copyFile, mkdir, rename, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from '../log.ts';
import { tempPathFor, writeFileAtomic } from '../files/atomic-write.ts';
import { NotRegularFileError, openRegularFile, specialKind } from '../files/regular-file.ts';
import { said, textOf, type Lang } from '../messages/index.ts';
import { SheetFileError } from '../sheet/types.ts';
import type { LedgerSettings } from '../ledger/batch-ledger.ts';
import type { BatchSummary } from '../report/summary.ts';
import type { ColumnMapping } from '../sheet/open.ts';
import type { SyncRequest } from '../sync/types.ts';
import type { OutcomeCounts } from '../outcome.ts';
import { dropBatchId, parseClaimedName, type DropLayout } from './drop-layout.ts';
import { fileLedgerKey, type Ledger } from '../ledger/ledger.ts';
import { runEverySheet } from './sheet-batches.ts';
import { emptyCounts } from '../outcome.ts';
import { dropMessage, dropStatusOf, problemRows, type DropStatus } from './drop-outcome.ts';

/** Runs one batch to its end (local, or redis: enqueue + wait). */
export type SyncRunner = (request: SyncRequest, signal: AbortSignal) => Promise<BatchSummary>;

export interface DropFileDeps {
  layout: DropLayout;
  ledger: Ledger;
  run: SyncRunner;
  ledgerSettings: LedgerSettings;
  /** Sync even when the same content was synced already. */
  force: boolean;
  columns?: ColumnMapping;
  /** List rows a delta sync skips as unchanged in the report too (SyncRequest.listUnchanged). */
  listUnchanged?: boolean;
  /** The language of a refused file's `.error.txt` (the watcher's, as its batches' reports); English by default. */
  lang?: Lang;
  logger: Logger;
}

/** Written beside the file in done/. */
export interface DropReport {
  file: string;
  status: DropStatus;
  batchId: string;
  reportDir: string | null;
  /** `<name>.failed.csv` beside the file in done/: the rows that need a fix; null when none (or not reachable). */
  failedCsv: string | null;
  total: number;
  counts: OutcomeCounts | null;
  contentHash: string;
  message: string;
  /** A workbook synced as more than one batch (products, then Brands): each batch, in order. */
  batches?: { batchId: string; sheet: string | null; reportDir: string; total: number; failedCsv: string | null }[];
}

export type DropResult = { status: 'done'; report: DropReport } | { status: 'failed'; error: string };

/** The file's SHA-256; NotRegularFileError, without waiting, for anything but a regular file. */
export async function contentHashOf(path: string): Promise<string> {
  const hash = createHash('sha256');
  const handle = await openRegularFile(path);
  try {
    for await (const chunk of handle.createReadStream({ autoClose: false })) hash.update(chunk as Buffer);
  } finally {
    await handle.close();
  }
  return hash.digest('hex');
}

/** Processes `processing/<claimed>`; throws (file left in processing/) when the run could not end. */
export async function processDropFile(claimed: string, deps: DropFileDeps, signal: AbortSignal): Promise<DropResult> {
  const { layout } = deps;
  const parsed = parseClaimedName(claimed);
  if (!parsed) throw new Error(`${claimed} is not a claimed drop file`);
  const path = join(layout.processing, claimed);
  const contentHash = await regularFileHash(path);
  if (contentHash instanceof NotRegularFileError) return refuse(deps, claimed, parsed.name, contentHash);
  const batchId = dropBatchId(parsed.token, contentHash);
  const fileKey = fileLedgerKey(contentHash);
  const [earlier] = await deps.ledger.getMany([fileKey]);
  if (earlier?.st === 'synced' && earlier.batch !== batchId && !deps.force)
    return finishUnchanged(layout, claimed, parsed.name, earlier.batch, contentHash);

  const summaries = await runDropSheets(deps, path, parsed.name, batchId, signal);
  if (summaries instanceof SheetFileError) return refuse(deps, claimed, parsed.name, summaries);
  // Shutting down past the grace period: the batch may have been cut short, so the file stays
  // in processing/ and the next watcher resumes it (the ledger and job ids skip what was done).
  signal.throwIfAborted();
  const summary = summaries.find((one) => one.readError !== undefined) ?? summaries[0]!;
  if (summary.readError) return failBrokePartWay(deps, claimed, parsed.name, batchId, summary, summary.readError);
  // Only a batch with nothing left to retry makes the same content "already synced" (invalid rows
  // need an edit, which changes the content anyway).
  if (summaries.every((one) => one.counts.failed + one.counts.unknown === 0))
    await deps.ledger.setMany([[fileKey, { fp: contentHash, st: 'synced', batch: batchId, row: 0 }]]);
  const report = await syncedReport(deps, claimed, parsed.name, { batchId, contentHash }, summaries);
  await finish(layout, claimed, report);
  return { status: 'done', report };
}

/** The file's SHA-256, or why it is not a regular file. */
async function regularFileHash(path: string): Promise<string | NotRegularFileError> {
  // A FIFO, socket, device or folder is never opened (a FIFO would wait for a writer forever).
  const kind = specialKind(await stat(path));
  if (kind !== null) return new NotRegularFileError(path, kind);
  try {
    return await contentHashOf(path);
  } catch (error) {
    if (error instanceof NotRegularFileError) return error;
    throw error;
  }
}

/** The same content was synced already: to done/ with a report saying so, nothing sent. */
async function finishUnchanged(
  layout: DropLayout,
  claimed: string,
  name: string,
  earlierBatch: string,
  contentHash: string,
): Promise<DropResult> {
  const report: DropReport = {
    file: name,
    status: 'unchanged',
    batchId: earlierBatch,
    reportDir: null,
    failedCsv: null,
    total: 0,
    counts: null,
    contentHash,
    message: `unchanged since ${earlierBatch}: not synced again (drop it with --force to sync it anyway)`,
  };
  await finish(layout, claimed, report);
  return { status: 'done', report };
}

/** The file's batches, run to their end; a SheetFileError when it cannot be read at all. */
async function runDropSheets(
  deps: DropFileDeps,
  path: string,
  name: string,
  batchId: string,
  signal: AbortSignal,
): Promise<BatchSummary[] | SheetFileError> {
  try {
    // A workbook with a Brands sheet is two batches, as import makes of it (sheet-batches.ts).
    return await runEverySheet(
      deps.run,
      {
        file: path,
        source: `drop:${name}`,
        batchId,
        ledger: deps.ledgerSettings,
        ...(deps.columns ? { columns: deps.columns } : {}),
        ...(deps.listUnchanged ? { listUnchanged: true } : {}),
      },
      signal,
    );
  } catch (error) {
    if (!(error instanceof SheetFileError)) throw error;
    return error;
  }
}

/**
 * The file broke part-way: the rows before the break were synced (and are in the report); the
 * file goes to failed/ to be fixed and dropped again, when the ledger skips what already went through.
 */
async function failBrokePartWay(
  deps: DropFileDeps,
  claimed: string,
  name: string,
  batchId: string,
  summary: BatchSummary,
  readError: NonNullable<BatchSummary['readError']>,
): Promise<DropResult> {
  const { layout } = deps;
  const path = join(layout.processing, claimed);
  const text =
    `${name}: ${readError.message}\n(code ${readError.code})\n` +
    `The ${summary.total} rows before that were synced: report in ${summary.reportDir}\n`;
  await mkdir(layout.failed, { recursive: true });
  await writeFileAtomic(join(layout.failed, `${claimed}.error.txt`), text);
  await rename(path, join(layout.failed, claimed));
  deps.logger.warn({ file: name, code: readError.code, batchId }, 'drop file broke part-way: moved to failed/');
  return {
    status: 'failed',
    error: `${readError.message} (the ${summary.total} rows before it were synced: report in ${summary.reportDir})`,
  };
}

/** The report.json of a file whose batches ran, with each batch's failed.csv copied beside it. */
async function syncedReport(
  deps: DropFileDeps,
  claimed: string,
  name: string,
  { batchId, contentHash }: { batchId: string; contentHash: string },
  summaries: readonly BatchSummary[],
): Promise<DropReport> {
  const summary = summaries[0]!;
  // Each batch with a row to fix leaves its failed.csv beside the file: the products' one as
  // <name>.failed.csv, a Brands sheet's as <name>.<sheet>.failed.csv.
  const failedCsvs: (string | null)[] = [];
  for (const [index, one] of summaries.entries()) {
    const csvName = index === 0 ? `${claimed}.failed.csv` : `${claimed}.${one.sheet?.name ?? index}.failed.csv`;
    failedCsvs.push(problemRows(one.counts) > 0 ? await copyFailedCsv(deps.layout, csvName, one, deps.logger) : null);
  }
  const failedCsv = failedCsvs.find((one) => one !== null) ?? null;
  const total = summaries.reduce((sum, one) => sum + one.total, 0);
  const counts = addedCounts(summaries);
  return {
    file: name,
    status: dropStatusOf(total, counts),
    batchId,
    reportDir: summary.reportDir,
    failedCsv,
    total,
    counts,
    contentHash,
    message: [
      dropMessage(batchId, total, counts, failedCsv, summary.reportDir),
      ...(summaries.length > 1
        ? summaries.map((one) => `batch ${one.batchId}: ${one.total} rows; report in ${one.reportDir}`)
        : []),
    ].join('\n'),
    ...(summaries.length > 1
      ? {
          batches: summaries.map((one, index) => ({
            batchId: one.batchId,
            sheet: one.sheet?.name ?? null,
            reportDir: one.reportDir,
            total: one.total,
            failedCsv: failedCsvs[index] ?? null,
          })),
        }
      : {}),
  };
}

/** A file that cannot be read at all: to failed/, with `<name>.error.txt` saying why. */
async function refuse(
  deps: DropFileDeps,
  claimed: string,
  name: string,
  error: SheetFileError | NotRegularFileError,
): Promise<DropResult> {
  const { layout } = deps;
  await mkdir(layout.failed, { recursive: true });
  await writeFileAtomic(
    join(layout.failed, `${claimed}.error.txt`),
    `${name}: ${whyRefused(error, deps.lang ?? 'en')}\n(code ${error.code})\n`,
  );
  await rename(join(layout.processing, claimed), join(layout.failed, claimed));
  deps.logger.warn({ file: name, code: error.code }, 'drop file could not be read: moved to failed/');
  return { status: 'failed', error: error.message };
}

/** Why a file was refused, in `lang` (the English is `error.message`, word for word). */
function whyRefused(error: SheetFileError | NotRegularFileError, lang: Lang): string {
  if (error instanceof SheetFileError) return error.textIn(lang);
  return textOf(said('file.not_regular', { kind: error.kind }), lang);
}

/** The outcome counts of a file's batches together. */
function addedCounts(summaries: readonly BatchSummary[]): OutcomeCounts {
  const counts = emptyCounts();
  for (const one of summaries)
    for (const [outcome, count] of Object.entries(one.counts) as [keyof OutcomeCounts, number][])
      counts[outcome] += count;
  return counts;
}

/**
 * The batch's failed.csv beside the file in done/, where the person who dropped it looks (the
 * report folder may be a volume they never open). null when the report is out of reach: a
 * worker on another machine wrote it.
 */
async function copyFailedCsv(
  layout: DropLayout,
  name: string,
  summary: BatchSummary,
  logger: Logger,
): Promise<string | null> {
  await mkdir(layout.done, { recursive: true });
  try {
    // Copied beside the target and renamed into place: a reader never sees half of it.
    const temp = tempPathFor(join(layout.done, name));
    await copyFile(join(summary.reportDir, 'failed.csv'), temp);
    await rename(temp, join(layout.done, name));
    return name;
  } catch (error) {
    logger.warn({ err: error, reportDir: summary.reportDir }, 'failed.csv of a drop file is out of reach; not copied');
    return null;
  }
}

async function finish(layout: DropLayout, claimed: string, report: DropReport): Promise<void> {
  await mkdir(layout.done, { recursive: true });
  await writeFileAtomic(join(layout.done, `${claimed}.report.json`), `${JSON.stringify(report, null, 2)}\n`);
  await rename(join(layout.processing, claimed), join(layout.done, claimed));
}
