/**
 * Rows a delta sync skipped because the last sync confirmed exactly what they say. The report
 * lists the rows that did something or need a look; these are counted, and their row numbers kept
 * as ranges in summary.json, unless the batch asks to list them (`listUnchanged`). A nightly sync
 * of an unchanged 100,000-row sheet then reports "100,000 unchanged" instead of 100,000 lines
 * that all say so.
 */
import { UNCHANGED_CODE } from './guard.ts';
import type { RowResult } from './outcome.ts';

/** Ranges kept in summary.json; a sheet that alternates changed and unchanged rows is cut short. */
const MAX_RANGES = 2_000;

export interface UnchangedSummary {
  count: number;
  /** False when the report leaves them out (the default). */
  listed: boolean;
  /** Row numbers as ranges (`2-40001, 40003-100001`), when not listed. */
  rows?: string;
}

export function isUnchanged(result: RowResult): boolean {
  return result.code === UNCHANGED_CODE;
}

export class UnchangedRows {
  private count = 0;
  private readonly ranges: [number, number][] = [];
  private cut = false;

  constructor(readonly listed: boolean) {}

  /** Rows come in report order; a row following the last range extends it. */
  add(row: number): void {
    this.count++;
    if (this.listed) return;
    const last = this.ranges.at(-1);
    if (last && row === last[1] + 1) last[1] = row;
    else if (this.ranges.length < MAX_RANGES) this.ranges.push([row, row]);
    else this.cut = true;
  }

  summary(): UnchangedSummary | undefined {
    if (this.count === 0) return undefined;
    if (this.listed) return { count: this.count, listed: true };
    const text = this.ranges.map(([from, to]) => (from === to ? `${from}` : `${from}-${to}`)).join(', ');
    return { count: this.count, listed: false, rows: this.cut ? `${text}, ... (more: sync with --list-unchanged to list them)` : text };
  }
}

/** The summary.json field, present only when the batch skipped unchanged rows. */
export function withSkippedUnchanged(rows: UnchangedRows): { skippedUnchanged?: UnchangedSummary } {
  const summary = rows.summary();
  return summary ? { skippedUnchanged: summary } : {};
}
