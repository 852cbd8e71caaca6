/**
 * Reads a batch's report back, row by row (streamed: a 100,000-row report is never loaded whole):
 * the rows of chosen outcomes with their original cells, by the header of the sheet they came
 * from. failed.csv when only problem outcomes are asked (it holds exactly those rows), else
 * results.csv. The console's row list and its fix of a row read reports through here.
 */
import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse';
import { OUTCOMES, PROBLEM_OUTCOMES, type Outcome } from '../outcome.ts';
import { REPORT_FILES } from './batch-report.ts';

export interface ReportedRow {
  /** The row number the person sees (the first sheet's, for a re-run). */
  row: number;
  outcome: Outcome;
  message: string;
  /** The row's input cells as written, by header. */
  cells: Record<string, string>;
}

export interface ReportPage {
  /** The input columns of the sheet, in its order (report columns left out). */
  headers: string[];
  rows: ReportedRow[];
  /** Rows of the chosen outcomes in the whole report. */
  total: number;
}

export interface ReportQuery {
  outcomes: ReadonlySet<Outcome>;
  offset: number;
  limit: number;
  /** Only these rows (by the number the report shows), when given. */
  rows?: ReadonlySet<number> | undefined;
}

/** What each report file adds after the input columns. */
const TRAILING = { [REPORT_FILES.failedCsv]: 3, [REPORT_FILES.resultsCsv]: 5 } as const;

const OUTCOME_SET: ReadonlySet<string> = new Set(OUTCOMES);

/**
 * The page of rows of a batch's report (`dir`) that `query` asks for. Rejects with ENOENT when
 * the report file is not written (yet).
 */
export async function readReportRows(dir: string, query: ReportQuery): Promise<ReportPage> {
  const onlyProblems = [...query.outcomes].every((outcome) => PROBLEM_OUTCOMES.has(outcome));
  const name = onlyProblems ? REPORT_FILES.failedCsv : REPORT_FILES.resultsCsv;
  const parser = createReadStream(join(dir, name)).pipe(
    parse({ bom: true, relax_column_count: true, skip_empty_lines: true }),
  );
  let headers: string[] | null = null;
  let inputs = 0;
  const rows: ReportedRow[] = [];
  let total = 0;
  for await (const record of parser as AsyncIterable<string[]>) {
    if (headers === null) {
      inputs = Math.max(0, record.length - TRAILING[name]);
      headers = record.slice(0, inputs);
      continue;
    }
    const outcome = record[inputs + 1] ?? '';
    if (!OUTCOME_SET.has(outcome) || !query.outcomes.has(outcome as Outcome)) continue;
    const row = Number(record[inputs]);
    if (query.rows && !query.rows.has(row)) continue;
    total++;
    if (total <= query.offset || rows.length >= query.limit) continue;
    const cells: Record<string, string> = {};
    headers.forEach((header, i) => (cells[header] = restoreCell(record[i] ?? '')));
    rows.push({ row, outcome: outcome as Outcome, message: record[inputs + 2] ?? '', cells });
  }
  return { headers: headers ?? [], rows, total };
}

const NEUTRALISED = /^'[=+\-@\t\r]/;

/**
 * A cell as the sheet had it: reports put an apostrophe before a cell that a spreadsheet would
 * run as a formula (files/formula-guard.ts); the person's own text did not have it. A cell typed
 * with such an apostrophe already reads one apostrophe short: rare, and said in the README.
 */
export function restoreCell(cell: string): string {
  return NEUTRALISED.test(cell) ? cell.slice(1) : cell;
}
