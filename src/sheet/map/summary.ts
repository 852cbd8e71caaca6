/**
 * What validate and import print before anything is sent: counts per plan kind, invalid rows and
 * their errors. Pure over the results (summarizeSheet in summarize.ts feeds it a sheet).
 */
import type { SheetRowResult } from '../types.ts';
import type { NameRead } from './name-read.ts';
import type { SheetSummary, SummaryHead } from './summary-shape.ts';

export type { PlanCounts, SheetSummary, SummaryHead } from './summary-shape.ts';

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
