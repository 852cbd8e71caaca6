/**
 * The first problems of a finished batch, read back from its results.csv: the one report both
 * transports write, in row order. A row's column is the input header its message begins with
 * (`sale_price: "12,5O" is not a number`: the mapper names the column first); a store's refusal
 * names none. Read as a stream that stops at the last problem wanted, so a large report costs
 * only the rows before its first problems.
 */
import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse';
import { PROBLEM_OUTCOMES, type Outcome } from '../outcome.ts';
import { REPORT_FILES } from '../report/batch-report.ts';
import { problemOf, PROBLEMS_LISTED, type Problem } from './event.ts';

/** The columns results.csv adds after the input's own (report/csv-writers.ts). */
const REPORT_TAIL = ['row', 'outcome', 'message', 'http_status', 'attempts'] as const;

/** [] when the report cannot be read (a worker on another machine wrote it): the counts still say it. */
export async function firstProblems(reportDir: string, limit = PROBLEMS_LISTED): Promise<Problem[]> {
  const problems: Problem[] = [];
  const input = createReadStream(join(reportDir, REPORT_FILES.resultsCsv));
  const parser = input.pipe(parse({ bom: true, relax_column_count: true, skip_empty_lines: true }));
  input.on('error', (error) => parser.destroy(error));
  let headers: string[] | null = null;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      if (headers === null) {
        headers = record;
        continue;
      }
      const tail = record.slice(-REPORT_TAIL.length);
      const [row, outcome, message] = tail;
      if (!PROBLEM_OUTCOMES.has(outcome as Outcome)) continue;
      const inputHeaders = headers.slice(0, headers.length - REPORT_TAIL.length);
      problems.push(problemOf(Number(row), columnOf(message ?? '', inputHeaders), message ?? ''));
      if (problems.length >= limit) break;
    }
  } catch {
    return problems;
  } finally {
    input.destroy();
  }
  return problems;
}

/** The input header a message starts with (`<header>: ...`), the longest when several fit. */
export function columnOf(message: string, headers: readonly string[]): string | null {
  let found: string | null = null;
  for (const header of headers) {
    if (header !== '' && message.startsWith(`${header}:`) && (found === null || header.length > found.length))
      found = header;
  }
  return found;
}
