/**
 * messages.jsonl: each problem row's message as data (catalogue key and parameters, the column at
 * fault), one JSON object a line, keyed by the row number the report shows. The reports hold the
 * message in the batch's language; this file lets a reader (the console) show it in another.
 */
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import type { MessageParams } from '../messages/index.ts';
import { PROBLEM_OUTCOMES } from '../outcome.ts';
import { shownRow, type ReportRow } from './report-row.ts';
import { AtomicTextStream } from './text-stream.ts';

/** One line of messages.jsonl. */
export interface RowMessageLine {
  row: number;
  /** The StoreError code or row-issue code (RowResult.code): hintOf chooses what to do next by it. */
  code?: string;
  messageKey: string;
  params: MessageParams;
  column?: string;
}

export class MessagesFileWriter {
  private readonly out: AtomicTextStream;

  constructor(target: string) {
    this.out = new AtomicTextStream(target);
  }

  write(row: ReportRow): Promise<void> | undefined {
    const r = row.result;
    // A row from a report written before this file existed has no key: its report message is all there is.
    if (!PROBLEM_OUTCOMES.has(r.outcome) || r.messageKey === undefined) return undefined;
    const line: RowMessageLine = {
      row: shownRow(row),
      ...(r.code === undefined ? {} : { code: r.code }),
      messageKey: r.messageKey,
      params: r.params ?? {},
      ...(r.column === undefined ? {} : { column: r.column }),
    };
    return this.out.write(`${JSON.stringify(line)}\n`);
  }

  commit(): Promise<void> {
    return this.out.commit();
  }

  abort(): Promise<void> {
    return this.out.abort();
  }
}

/**
 * A report's messages.jsonl by row (problem rows only, so it stays small): every row's, or with
 * `rows` only those, read until all are found (a page of rows needs no more). Empty for a report
 * written before the file existed; a line that does not parse is skipped.
 */
export async function readRowMessages(file: string, rows?: ReadonlySet<number>): Promise<Map<number, RowMessageLine>> {
  const byRow = new Map<number, RowMessageLine>();
  if (rows?.size === 0) return byRow;
  const input = createReadStream(file, 'utf8');
  try {
    for await (const line of createInterface({ input, crlfDelay: Infinity })) {
      const parsed = parseLine(line);
      if (parsed === null || (rows !== undefined && !rows.has(parsed.row))) continue;
      byRow.set(parsed.row, parsed);
      if (byRow.size === rows?.size) break;
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  } finally {
    input.destroy();
  }
  return byRow;
}

function parseLine(line: string): RowMessageLine | null {
  if (line.trim() === '') return null;
  try {
    const value = JSON.parse(line) as Partial<RowMessageLine>;
    if (typeof value.row !== 'number' || typeof value.messageKey !== 'string') return null;
    const params = value.params !== null && typeof value.params === 'object' ? value.params : {};
    return {
      row: value.row,
      ...(typeof value.code === 'string' ? { code: value.code } : {}),
      messageKey: value.messageKey,
      params,
      ...(typeof value.column === 'string' ? { column: value.column } : {}),
    };
  } catch {
    return null;
  }
}
