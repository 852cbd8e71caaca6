/** Reads an opened sheet to the end and summarises it (validate, and import's preview). */
import type { OpenedSheet } from '../open.ts';
import { SummaryBuilder, type SheetSummary } from './summary.ts';
import type { SheetRowResult } from '../types.ts';

export interface SummarizeOptions {
  /** Keep at most this many row issues (default: all). */
  keepIssues?: number;
  /** Called with every row result (e.g. to stream errors to a CSV). */
  onRow?: (result: SheetRowResult) => void;
}

export async function summarizeSheet(opened: OpenedSheet, options: SummarizeOptions = {}): Promise<SheetSummary> {
  const builder = summaryBuilderOf(opened, options.keepIssues);
  for await (const result of opened.rows()) {
    builder.add(result);
    options.onRow?.(result);
  }
  return builder.summary;
}

/** A summary of the opened sheet to fold its rows into, one at a time (the console plans as it summarises). */
export function summaryBuilderOf(opened: OpenedSheet, keepIssues?: number): SummaryBuilder {
  return new SummaryBuilder(
    {
      file: opened.file,
      format: opened.format,
      sheetName: opened.sheetName,
      hiddenSheetsSkipped: opened.hiddenSheetsSkipped,
      headerRow: opened.headerRow,
      bannerRows: opened.bannerRows,
      tableTotalsRows: opened.tableTotalsRows,
      kind: opened.kind,
      headerIssues: opened.headerIssues,
      ...(opened.categoryNames ? { categoryNames: opened.categoryNames } : {}),
    },
    keepIssues,
  );
}
