/**
 * messages.jsonl: each problem row's message as data (catalogue key and parameters, the column at
 * fault), one JSON object a line, keyed by the row number the report shows. The reports hold the
 * message in the batch's language; this file lets a reader (the console) show it in another.
 */
import { createReadStream } from 'node:fs';
import { once } from 'node:events';
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
 * A report's messages.jsonl by row (problem rows only, so it stays small); empty when the report
 * has none (a report written before the file existed).
 */
export async function readRowMessages(file: string): Promise<Map<number, RowMessageLine>> {
  const byRow = new Map<number, RowMessageLine>();
  let lines: AsyncIterable<string>;
  try {
    const input = createReadStream(file, 'utf8');
    await once(input, 'open');
    lines = createInterface({ input, crlfDelay: Infinity });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return byRow;
    throw error;
  }
  for await (const line of lines) {
    if (line.trim() === '') continue;
    const parsed = JSON.parse(line) as RowMessageLine;
    byRow.set(parsed.row, parsed);
  }
  return byRow;
}
