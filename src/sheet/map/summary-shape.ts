/**
 * What a sheet's summary holds: its own module, importing only types that import no Node, so the
 * console's page reads the same shape in the browser (src/console/answers/upload.ts).
 */
import type { PlanAction } from '../../outcome.ts';
import type { RowIssue, SheetKind } from '../row-issue.ts';
import type { NameRead } from './name-read.ts';

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
