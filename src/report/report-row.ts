/** One row as the reports show it: the input cells as written plus the row's result. */
import type { RowResult } from '../outcome.ts';
import { isReportColumn } from '../sheet/map/report-columns.ts';

export interface ReportRow {
  row: number;
  /** The row number from an earlier report, for re-runs; reports show it instead of `row`. */
  originalRow?: number | undefined;
  cells: string[];
  result: RowResult;
}

/**
 * The input columns a report repeats: every header except report columns from an earlier
 * report (a re-run of failed.csv carries `row`; results.xlsx carries outcome, message...).
 */
export function inputColumns(headers: readonly string[]): number[] {
  const keep: number[] = [];
  headers.forEach((header, index) => {
    if (!isReportColumn(header)) keep.push(index);
  });
  return keep;
}

export function pick(cells: readonly string[], indexes: readonly number[]): string[] {
  return indexes.map((i) => cells[i] ?? '');
}

export function shownRow(row: ReportRow): number {
  return row.originalRow ?? row.row;
}
