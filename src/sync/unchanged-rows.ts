/**
 * Rows a delta sync skipped because the last sync confirmed exactly what they say. The report
 * lists the rows that did something or need a look; these are counted, and their row numbers kept
 * as ranges in summary.json, unless the batch asks to list them (`listUnchanged`). A nightly sync
 * of an unchanged 100,000-row sheet then reports "100,000 unchanged" instead of 100,000 lines
 * that all say so.
 */
import { UNCHANGED_CODE } from '../ledger/batch-ledger.ts';
import type { RowResult } from '../outcome.ts';
import type { UnchangedSummary } from '../report/summary.ts';

/** Ranges kept in summary.json; a sheet that alternates changed and unchanged rows is cut short. */
const MAX_RANGES = 2_000;

export function isUnchanged(result: RowResult): boolean {
  return result.code === UNCHANGED_CODE;
}

export class UnchangedRows {
  private count = 0;
  private ranges: [number, number][] = [];

  constructor(readonly listed: boolean) {}

  /** One row; rows in report order extend the last range. */
  add(row: number): void {
    this.addRange(row, row);
  }

  /** Rows `from`..`to`, e.g. recorded in bulk before a batch was queued; any order. */
  addRange(from: number, to: number): void {
    this.count += to - from + 1;
    if (this.listed) return;
    const last = this.ranges.at(-1);
    if (last && from === last[1] + 1) last[1] = to;
    else this.ranges.push([from, to]);
  }

  summary(): UnchangedSummary | undefined {
    if (this.count === 0) return undefined;
    if (this.listed) return { count: this.count, listed: true };
    const merged = mergeRanges(this.ranges);
    const shown = merged.slice(0, MAX_RANGES).map(([from, to]) => rangeText(from, to));
    const more = merged.length > MAX_RANGES ? ', ... (more: sync with --list-unchanged to list them)' : '';
    return { count: this.count, listed: false, rows: shown.join(', ') + more };
  }
}

/** Rows (ascending) as ranges `from-to` (a single row as `n`), the way summary.json and Redis keep them. */
export function rangeTexts(rows: readonly number[]): string[] {
  const texts: string[] = [];
  let from = -1;
  let to = -1;
  for (const row of rows) {
    if (from >= 0 && row === to + 1) {
      to = row;
      continue;
    }
    if (from >= 0) texts.push(rangeText(from, to));
    from = to = row;
  }
  if (from >= 0) texts.push(rangeText(from, to));
  return texts;
}

function rangeText(from: number, to: number): string {
  return from === to ? `${from}` : `${from}-${to}`;
}

export function parseRange(text: string): [number, number] | null {
  const match = /^(\d+)(?:-(\d+))?$/.exec(text);
  if (!match) return null;
  const from = Number(match[1]);
  return [from, match[2] === undefined ? from : Number(match[2])];
}

function mergeRanges(ranges: [number, number][]): [number, number][] {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const [from, to] of sorted) {
    const last = merged.at(-1);
    if (last && from <= last[1] + 1) last[1] = Math.max(last[1], to);
    else merged.push([from, to]);
  }
  return merged;
}
