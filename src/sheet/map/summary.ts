/**
 * What validate and import print before anything is sent: counts per plan kind, invalid rows and
 * their errors. Pure over the results (summarizeSheet in summarize.ts feeds it a sheet).
 */
import type { PlanAction } from '../../outcome.ts';
import type { RowIssue, SheetKind, SheetRowResult } from '../types.ts';
import type { NameRead } from './category-cells.ts';

/** What is known of the sheet before its rows: where it came from and how it was read. */
export interface SummaryHead {
  file: string;
  format: 'csv' | 'xlsx';
  sheetName: string | null;
  /** Hidden sheets not read (none was named). */
  hiddenSheetsSkipped: string[];
  /** The row Excel shows the header on, and the title rows above it that were not read. */
  headerRow: number;
  bannerRows: number[];
  /** XLSX: rows that are an Excel Table's totals row, not read (a sum, not a product). */
  tableTotalsRows: number[];
  kind: SheetKind;
  /** Issues of the header row: unknown columns (warnings), duplicate fields (errors). */
  headerIssues: RowIssue[];
  /** Category names read as ids (category-cells.ts), each once: filled as the rows are read. */
  categoryNames?: NameRead[];
}

export interface SheetSummary extends SummaryHead {
  /** Data rows read (blank rows included: they plan `skip`). */
  rows: number;
  creates: number;
  updates: number;
  /** Status-only rows. */
  statusChanges: number;
  /** Update rows that also change the status. */
  updatesWithStatus: number;
  brandUpdates: number;
  skipped: number;
  /** Rows with at least one error: nothing is sent for them. */
  invalidRows: number;
  /** Rows with warnings only. */
  rowsWithWarnings: number;
  /** XLSX: rows hidden or filtered out in Excel (synced like any other; people should know). */
  hiddenRows: number;
  /** Row errors and warnings, in row order (all of them, or the first `keepIssues`). */
  issues: RowIssue[];
  /** Issues not kept because of keepIssues. */
  issuesLeftOut: number;
  /**
   * What a sync would do with the rows against the store's ledger (sync/plan-row.ts), and where
   * that ledger is; absent when no store is configured (the sheet alone is checked).
   */
  plan?: PlanCounts;
  planAgainst?: string;
  /**
   * With validate's `--absent-status` (the console's upload's `absentStatus`): the products of the
   * store's records the sheet no longer lists, which a full sync would give that status (sync/retire.ts).
   */
  retired?: number;
}

/** Rows by what the planner decides for them. */
export type PlanCounts = Record<PlanAction, number>;

export class SummaryBuilder {
  private readonly counted: SheetSummary;
  /** The sheet's names read, filled as its rows are read: in the summary once there are any. */
  private readonly names: NameRead[] | undefined;

  constructor(
    { categoryNames, ...head }: SummaryHead,
    private readonly keepIssues = Number.POSITIVE_INFINITY,
  ) {
    this.names = categoryNames;
    this.counted = {
      ...head,
      rows: 0,
      creates: 0,
      updates: 0,
      statusChanges: 0,
      updatesWithStatus: 0,
      brandUpdates: 0,
      skipped: 0,
      invalidRows: 0,
      rowsWithWarnings: 0,
      hiddenRows: 0,
      issues: [],
      issuesLeftOut: 0,
    };
  }

  get summary(): SheetSummary {
    if (this.names !== undefined && this.names.length > 0) this.counted.categoryNames = this.names;
    return this.counted;
  }

  add(result: SheetRowResult): void {
    const s = this.counted;
    s.rows += 1;
    if (result.hidden === true) s.hiddenRows += 1;
    for (const issue of result.issues) {
      if (s.issues.length < this.keepIssues) s.issues.push(issue);
      else s.issuesLeftOut += 1;
    }
    if (result.plan === null) {
      s.invalidRows += 1;
      return;
    }
    if (result.issues.length > 0) s.rowsWithWarnings += 1;
    switch (result.plan.kind) {
      case 'create':
        s.creates += 1;
        break;
      case 'update':
        s.updates += 1;
        if (result.plan.status !== undefined) s.updatesWithStatus += 1;
        break;
      case 'status':
        s.statusChanges += 1;
        break;
      case 'brand':
        s.brandUpdates += 1;
        break;
      case 'skip':
        s.skipped += 1;
        break;
    }
  }
}

/** True when the header has an error (nothing of this sheet would be sent). */
export function headerHasErrors(summary: SheetSummary): boolean {
  return summary.headerIssues.some((issue) => issue.severity === 'error');
}
