/**
 * `catalog-sync rerun <batch-id | report dir | failed.csv>`: syncs again only the rows of an
 * earlier batch whose outcome was `failed`, from that batch's failed.csv, keeping the row numbers
 * the person first saw (failed.csv's `row` column), as a new batch whose summary names the batch it
 * re-runs. Rows whose create had an `unknown` outcome may exist in the store: --include-unknown
 * lists them and sends none; only --resend-unknown-creates sends them again (the CLI first says
 * how many may be created twice and asks). The ledger stays on either way.
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
  /** Select the rows whose outcome was unknown (they are listed; sent only with resendUnknownCreates). */
  includeUnknown: boolean;
  /** Send the unknown creates again: each one that did reach the store is then created twice. */
  resendUnknownCreates: boolean;
  keyColumn: string;
}

export interface RerunPlan {
  /** The new batch; null when no row is to be sent. */
  request: SyncRequest | null;
  /** Unknown creates selected and not sent (without resendUnknownCreates), by shown row number. */
  heldUnknownRows: number[];
  /** How many rows the request may create a second time (unknown creates it sends again). */
  mayDuplicate: number;
}

/** Data rows of a CSV (records after the header), for "up to N rows" when outcomes are not known. */
async function countDataRows(csv: string): Promise<number> {
  const parser = createReadStream(csv).pipe(parse({ bom: true, columns: false, relax_column_count: true }));
  let records = 0;
  for await (const _record of parser as AsyncIterable<string[]>) records += 1;
  return Math.max(0, records - 1);
}

/** The new batch and what it leaves unsent; throws RerunError when there is nothing to do. */
export async function buildRerunRequest(target: RerunTarget, options: RerunOptions): Promise<RerunPlan> {
  const resend = options.resendUnknownCreates;
  // Selecting unknown rows never switches the ledger off: only the explicit resend does.
  const ledger = { mode: 'full' as const, keyColumn: options.keyColumn, retryUnknown: resend };
  const base = { file: target.failedCsv, source: `rerun:${target.batchId}`, rerunOf: target.batchId, ledger };
  if (target.resultsCsv === null) {
    // Without results.csv the failed and unknown rows of failed.csv cannot be told apart.
    if (!resend) {
      throw new RerunError(
        `${target.failedCsv}: no results.csv beside it, so failed rows cannot be told from creates whose outcome was unknown (which may exist in the store); pass --resend-unknown-creates to re-run every row of it`,
      );
    }
    return { request: base, heldUnknownRows: [], mayDuplicate: await countDataRows(target.failedCsv) };
  }
  const failed: number[] = [];
  const unknown: number[] = [];
  for await (const r of readOutcomes(target.resultsCsv)) {
    if (isRerunOutcome(r.outcome, false)) failed.push(r.row);
    else if (r.outcome === ('unknown' satisfies Outcome)) unknown.push(r.row);
  }
  const selectUnknown = options.includeUnknown || resend;
  const rows = new Set(resend ? [...failed, ...unknown] : failed);
  const heldUnknownRows = selectUnknown && !resend ? unknown : [];
  if (rows.size === 0 && heldUnknownRows.length === 0) {
    throw new RerunError(
      `batch ${target.batchId} has no ${selectUnknown ? 'failed or unknown' : 'failed'} rows to re-run${selectUnknown || unknown.length === 0 ? '' : ` (${unknown.length} unknown: --include-unknown lists them)`}`,
    );
  }
  return {
    request: rows.size === 0 ? null : { ...base, onlyRows: rows },
    heldUnknownRows,
    mayDuplicate: resend ? unknown.length : 0,
  };
}
