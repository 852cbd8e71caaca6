/**
 * The first problems of a finished batch, read back from its results.csv: the one report both
 * transports write, in row order. results.csv holds each message in the batch's language; the
 * batch's messages.jsonl holds it as data (catalogue key and parameters, the column at fault), so
 * a notification says it in its own language whatever the batch's. A report without that line
 * (an earlier version's) keeps its text, and its column is the input header the message begins
 * with (`sale_price: "12,5O" is not a number`: the mapper names the column first); a store's
 * refusal names none. Read as a stream that stops at the last problem wanted, so a large report
 * costs only the rows before its first problems.
 */
import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse';
import { textOf, type Lang } from '../messages/index.ts';
import { PROBLEM_OUTCOMES, type Outcome } from '../outcome.ts';
import { REPORT_FILES } from '../report/batch-report.ts';
import { readRowMessages, type RowMessageLine } from '../report/messages-file.ts';
import { problemOf, PROBLEMS_LISTED, type Problem } from './event.ts';

/** The columns results.csv adds after the input's own (report/csv-writers.ts). */
const REPORT_TAIL = ['row', 'outcome', 'message', 'http_status', 'attempts'] as const;

/** [] when the report cannot be read (a worker on another machine wrote it): the counts still say it. */
export async function firstProblems(reportDir: string, lang: Lang, limit = PROBLEMS_LISTED): Promise<Problem[]> {
  const reported = await reportedProblems(reportDir, limit);
  const lines = await messageLines(
    reportDir,
    reported.map((p) => p.row),
  );
  return reported.map(({ row, message, headers }) => {
    const line = lines.get(row);
    if (line === undefined) return problemOf(row, columnOf(message, headers), message);
    const text = textOf({ message, messageKey: line.messageKey, params: line.params }, lang);
    return problemOf(row, line.column ?? columnOf(text, headers) ?? columnOf(message, headers), text);
  });
}

/** The problems' messages as data; none when the file is missing or cannot be read (their text stands). */
async function messageLines(reportDir: string, rows: readonly number[]): Promise<Map<number, RowMessageLine>> {
  try {
    return await readRowMessages(join(reportDir, REPORT_FILES.messages), new Set(rows));
  } catch {
    return new Map();
  }
}

interface ReportedProblem {
  row: number;
  /** As results.csv has it: in the batch's language. */
  message: string;
  /** The input's headers. */
  headers: readonly string[];
}

async function reportedProblems(reportDir: string, limit: number): Promise<ReportedProblem[]> {
  const problems: ReportedProblem[] = [];
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
      problems.push({
        row: Number(row),
        message: message ?? '',
        headers: headers.slice(0, headers.length - REPORT_TAIL.length),
      });
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
