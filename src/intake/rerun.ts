/**
 * `catalog-sync rerun <batch-id | report dir | failed.csv>`, as a new batch whose summary names the
 * batch it re-runs, keeping the row numbers the person first saw (failed.csv's `row` column):
 * - a failed.csv named on its own is the person's edited copy: every row in it is synced as it now
 *   reads (fixed `invalid` rows included), the ledger still stopping any second create;
 * - a batch id or report folder re-sends the rows whose outcome was `failed` (a re-run fixes what
 *   the store refused for a passing reason) and counts the `invalid` rows, which need an edit first.
 * Rows whose create had an `unknown` outcome may exist in the store: --include-unknown lists them
 * and sends none; only --resend-unknown-creates sends them again (the CLI first says how many may
 * be created twice and asks). The ledger stays on either way.
 */
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { parse } from 'csv-parse';
import type { Outcome } from '../outcome.ts';
import type { SyncRequest } from '../sync/types.ts';
import { checkBatchStore, type StoreCheck } from '../sync/batch-store.ts';

export class RerunError extends Error {
  override readonly name = 'RerunError';
}

interface RerunFiles {
  /** The sheet to sync (the batch's failed.csv, or the one named). */
  failedCsv: string;
  /** results.csv of the batch, when there is one. */
  resultsCsv: string | null;
  /** summary.json's `store`, when the batch's folder has a summary (undefined in earlier versions' reports). */
  store: unknown;
  /** The folder has the batch's summary.json: the report is a batch's, whose store is checked. */
  hasSummary: boolean;
}

export type RerunTarget =
  /** A batch id or report folder: the batch re-run. */
  | (RerunFiles & { edited: false; batchId: string })
  /**
   * The argument named the CSV itself: the person's edited copy, synced whole, and the new batch's
   * source. Its batch is the one summary.json beside it names; null for a copy away from its report.
   */
  | (RerunFiles & { edited: true; batchId: string | null });

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

/** The batch summary.json in `dir` names, and its store; null without one (an unfinished batch, or a folder that is no report). */
async function summaryOf(dir: string): Promise<{ batchId: string; store: unknown } | null> {
  try {
    const summary = JSON.parse(await readFile(join(dir, 'summary.json'), 'utf8')) as {
      batchId?: unknown;
      store?: unknown;
    };
    if (typeof summary.batchId === 'string') return { batchId: summary.batchId, store: summary.store };
  } catch {
    // no summary.json, or not one of ours
  }
  return null;
}

/**
 * Refuses a re-run of another store's batch (OtherStoreError). A failed.csv named on its own in a
 * folder without the batch's summary is the person's sheet, synced like any import to the
 * configured store; a batch's own folder must name this store.
 */
export function checkRerunStore(target: RerunTarget, check: StoreCheck): void {
  if (target.edited && !target.hasSummary) return;
  checkBatchStore(target.batchId ?? basename(dirname(target.failedCsv)), target.store, check);
}

async function fileOrNull(path: string): Promise<string | null> {
  return (await isDir(path)) === false ? path : null;
}

/** What the argument names: a batch id under reportDir, a report folder, or a failed.csv. */
export async function resolveRerunTarget(arg: string, reportDir: string): Promise<RerunTarget> {
  const kind = await isDir(arg);
  if (kind === false) {
    const dir = dirname(arg);
    const resultsCsv = await fileOrNull(join(dir, 'results.csv'));
    const summary = await summaryOf(dir);
    return {
      edited: true,
      batchId: summary?.batchId ?? null,
      failedCsv: arg,
      resultsCsv,
      store: summary?.store,
      hasSummary: summary !== null,
    };
  }
  const dir = kind === true ? arg : join(reportDir, arg);
  if ((await isDir(dir)) !== true)
    throw new RerunError(`${arg}: no such report folder, failed.csv or batch id (looked in ${reportDir})`);
  const failedCsv = join(dir, 'failed.csv');
  if ((await fileOrNull(failedCsv)) === null)
    throw new RerunError(`${dir}: has no failed.csv (was the batch finished?)`);
  const resultsCsv = await fileOrNull(join(dir, 'results.csv'));
  const summary = await summaryOf(dir);
  // An unfinished batch has no summary.json yet: its folder is named after it.
  return {
    edited: false,
    batchId: summary?.batchId ?? basename(dir),
    failedCsv,
    resultsCsv,
    store: summary?.store,
    hasSummary: summary !== null,
  };
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
  /** Rows of a batch re-run that ended `invalid`: not sent, they need a fix in failed.csv first. */
  invalidRows: number[];
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
  const base = {
    file: target.failedCsv,
    // An edited copy is its own source: the batch it came from may be unknown, and is not what is synced.
    source: `rerun:${target.edited ? target.failedCsv : target.batchId}`,
    ...(target.batchId === null ? {} : { rerunOf: target.batchId }),
    ledger,
  };
  const outcomes = target.resultsCsv === null ? null : await outcomesByKind(target.resultsCsv);
  if (target.edited) {
    // Every row as edited: the ledger, not this list, keeps an unknown create from being sent
    // again (it holds them back as `skipped`, naming --retry-unknown), unless the resend is asked.
    const mayDuplicate = !resend ? 0 : outcomes ? outcomes.unknown.length : await countDataRows(target.failedCsv);
    return { request: base, heldUnknownRows: [], mayDuplicate, invalidRows: [] };
  }
  if (outcomes === null) {
    throw new RerunError(
      `${dirname(target.failedCsv)}: has no results.csv, so failed rows cannot be told from the others; re-run its failed.csv itself (catalog-sync rerun ${target.failedCsv}) to sync every row in it`,
    );
  }
  const { failed, unknown, invalid } = outcomes;
  const selectUnknown = options.includeUnknown || resend;
  const rows = new Set(resend ? [...failed, ...unknown] : failed);
  const heldUnknownRows = selectUnknown && !resend ? unknown : [];
  if (rows.size === 0 && heldUnknownRows.length === 0) {
    const fix = invalid.length > 0 ? `; ${invalidNote(invalid.length, target.failedCsv)}` : '';
    throw new RerunError(
      `batch ${target.batchId} has no ${selectUnknown ? 'failed or unknown' : 'failed'} rows to re-run${selectUnknown || unknown.length === 0 ? '' : ` (${unknown.length} unknown: --include-unknown lists them)`}${fix}`,
    );
  }
  return {
    request: rows.size === 0 ? null : { ...base, onlyRows: rows },
    heldUnknownRows,
    mayDuplicate: resend ? unknown.length : 0,
    invalidRows: invalid,
  };
}

/** What a person does about invalid rows a batch re-run leaves: fix them in failed.csv and re-run that. */
export function invalidNote(count: number, failedCsv: string): string {
  const rows = count === 1 ? '1 invalid row needs' : `${count} invalid rows need`;
  return `${rows} a fix first: correct ${count === 1 ? 'it' : 'them'} in ${failedCsv} and run: catalog-sync rerun ${failedCsv}`;
}

async function outcomesByKind(resultsCsv: string): Promise<{ failed: number[]; unknown: number[]; invalid: number[] }> {
  const found = { failed: [] as number[], unknown: [] as number[], invalid: [] as number[] };
  for await (const r of readOutcomes(resultsCsv)) {
    if (isRerunOutcome(r.outcome, false)) found.failed.push(r.row);
    else if (r.outcome === ('unknown' satisfies Outcome)) found.unknown.push(r.row);
    else if (r.outcome === ('invalid' satisfies Outcome)) found.invalid.push(r.row);
  }
  return found;
}
