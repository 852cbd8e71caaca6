/**
 * What crosses between the main thread and the report thread. Rows travel as one flat array of
 * strings/numbers/null per chunk (no object per row): structured clone of a flat array costs
 * about half of cloning the same rows as objects (~30 vs ~65-130 ms per 100,000 rows measured),
 * and that cost is paid on the main thread.
 *
 * A row is: shown row number, outcome index, message, http status, attempts, cell count, cells.
 */
import { OUTCOMES, type Outcome } from '../outcome.ts';
import type { BatchSummary } from './summary.ts';
import type { ReportRow } from './report-row.ts';

export type WireValue = string | number | null;

const OUTCOME_INDEX = Object.fromEntries(OUTCOMES.map((outcome, i) => [outcome, i])) as Record<Outcome, number>;

/** Appends one row to a chunk. Only the number the reports show is kept (originalRow ?? row). */
export function encodeRow(out: WireValue[], row: ReportRow): void {
  const r = row.result;
  const cells = row.cells;
  out.push(row.originalRow ?? row.row, OUTCOME_INDEX[r.outcome], r.message, r.httpStatus, r.attempts, cells.length);
  for (let i = 0; i < cells.length; i++) out.push(cells[i]!);
}

/**
 * Reads a chunk's rows back, one after another, into one reused row object (valid until the
 * next call: the writers turn a row into text at once), so the thread allocates nothing per row.
 */
export class WireRowReader {
  private at = 0;
  private readonly row: ReportRow = {
    row: 0,
    cells: [],
    result: { row: 0, outcome: 'skipped', message: '', httpStatus: null, attempts: 0 },
  };

  constructor(private readonly data: readonly WireValue[]) {}

  next(): ReportRow | null {
    const data = this.data;
    const at = this.at;
    if (at >= data.length) return null;
    const count = data[at + 5] as number;
    const start = at + 6;
    this.at = start + count;
    const row = this.row;
    const result = row.result;
    row.row = result.row = data[at] as number;
    result.outcome = OUTCOMES[data[at + 1] as number]!;
    result.message = data[at + 2] as string;
    result.httpStatus = data[at + 3] as number | null;
    result.attempts = data[at + 4] as number;
    const cells = row.cells;
    cells.length = count;
    for (let i = 0; i < count; i++) cells[i] = data[start + i] as string;
    return row;
  }
}

/** Main thread -> report thread. `id` names the batch; one thread serves any number of them. */
export type ToReportThread =
  | { type: 'open'; id: number; dir: string; headers: readonly string[] }
  | { type: 'rows'; id: number; data: WireValue[] }
  | { type: 'finish'; id: number; data: WireValue[]; summary: BatchSummary }
  | { type: 'abort'; id: number };

/**
 * Report thread -> main thread. `ack`: one rows chunk is written (the main thread's backpressure).
 * `failed`: the batch stopped (its temp files are already removed); the message is the original error's.
 */
export type FromReportThread =
  | { type: 'ack'; id: number }
  | { type: 'finished'; id: number }
  | { type: 'aborted'; id: number }
  | { type: 'failed'; id: number; message: string; code: string | undefined };
