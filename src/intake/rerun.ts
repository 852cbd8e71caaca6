/**
 * `catalog-sync rerun <batch-id | report dir | failed.csv>`: syncs again only the rows of an
 * earlier batch whose outcome was `failed` (and `unknown` with --include-unknown), from that
 * batch's failed.csv, keeping the row numbers the person first saw (failed.csv's `row` column),
 * as a new batch whose summary names the batch it re-runs.
 */
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { parse } from 'csv-parse';
import type { Outcome } from '../outcome.ts';
import type { SyncRequest } from '../sync/types.ts';

export class RerunError extends Error {
  override readonly name = 'RerunError';
  readonly exitCode = 2;
}

export interface RerunTarget {
  /** The batch re-run. */
  batchId: string;
  /** The sheet to sync (the batch's failed.csv, or the one named). */
  failedCsv: string;
  /** results.csv of the batch, when there is one. */
  resultsCsv: string | null;
}

/** Pure: whether a row with this outcome is sent again. `invalid` rows need an edit, not a re-run. */
export function isRerunOutcome(outcome: string, includeUnknown: boolean): boolean {
  return outcome === ('failed' satisfies Outcome) || (includeUnknown && outcome === ('unknown' satisfies Outcome));
}

async function isDir(path: string): Promise<boolean | null> {
  try {
    return (await stat(path)).isDirectory();
  } catch {
    return null;
  }
}

async function batchIdOf(dir: string): Promise<string> {
  try {
    const summary = JSON.parse(await readFile(join(dir, 'summary.json'), 'utf8')) as { batchId?: unknown };
    if (typeof summary.batchId === 'string') return summary.batchId;
  } catch {
    // no summary (unfinished batch, or a failed.csv copied elsewhere): the folder names the batch
  }
  return basename(dir);
}

async function fileOrNull(path: string): Promise<string | null> {
  return (await isDir(path)) === false ? path : null;
}

/** What the argument names: a batch id under reportDir, a report folder, or a failed.csv. */
export async function resolveRerunTarget(arg: string, reportDir: string): Promise<RerunTarget> {
  const kind = await isDir(arg);
  let dir: string;
  let failedCsv: string;
  if (kind === false) {
    dir = dirname(arg);
    failedCsv = arg;
  } else {
    dir = kind === true ? arg : join(reportDir, arg);
    if ((await isDir(dir)) !== true)
      throw new RerunError(`${arg}: no such report folder, failed.csv or batch id (looked in ${reportDir})`);
    failedCsv = join(dir, 'failed.csv');
    if ((await fileOrNull(failedCsv)) === null)
      throw new RerunError(`${dir}: has no failed.csv (was the batch finished?)`);
  }
  return { batchId: await batchIdOf(dir), failedCsv, resultsCsv: await fileOrNull(join(dir, 'results.csv')) };
}

/** Streams results.csv and yields each row's shown number and outcome. */
export async function* readOutcomes(resultsCsv: string): AsyncGenerator<{ row: number; outcome: string }> {
  const parser = createReadStream(resultsCsv).pipe(parse({ bom: true, columns: false, relax_column_count: true }));
  let rowIndex = -1;
  let outcomeIndex = -1;
  for await (const record of parser as AsyncIterable<string[]>) {
    if (rowIndex < 0) {
      // The report columns come last; find them from the end (an input column may be named `row` too).
      rowIndex = record.lastIndexOf('row');
      outcomeIndex = record.lastIndexOf('outcome');
      if (rowIndex < 0 || outcomeIndex < 0)
        throw new RerunError(`${resultsCsv}: no row/outcome columns: not a catalog-sync results.csv`);
      continue;
    }
    const row = Number(record[rowIndex]);
    if (Number.isInteger(row)) yield { row, outcome: record[outcomeIndex] ?? '' };
  }
}

export interface RerunOptions {
  includeUnknown: boolean;
  keyColumn: string;
}

/** The request for the new batch; throws RerunError when there is nothing to re-run. */
export async function buildRerunRequest(target: RerunTarget, options: RerunOptions): Promise<SyncRequest> {
  const ledger = { mode: 'full' as const, keyColumn: options.keyColumn, retryUnknown: options.includeUnknown };
  const base = { file: target.failedCsv, source: `rerun:${target.batchId}`, rerunOf: target.batchId, ledger };
  if (target.resultsCsv === null) {
    // Without results.csv the failed and unknown rows of failed.csv cannot be told apart.
    if (!options.includeUnknown) {
      throw new RerunError(
        `${target.failedCsv}: no results.csv beside it, so failed and unknown rows cannot be told apart; pass --include-unknown to re-run every row of it`,
      );
    }
    return base;
  }
  const rows = new Set<number>();
  for await (const r of readOutcomes(target.resultsCsv))
    if (isRerunOutcome(r.outcome, options.includeUnknown)) rows.add(r.row);
  if (rows.size === 0) {
    throw new RerunError(
      `batch ${target.batchId} has no ${options.includeUnknown ? 'failed or unknown' : 'failed'} rows to re-run${options.includeUnknown ? '' : ' (unknown rows need --include-unknown)'}`,
    );
  }
  return { ...base, onlyRows: rows };
}
