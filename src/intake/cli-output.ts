/** The lines the commands print for a finished batch (pure). */
import { OUTCOMES, PROBLEM_OUTCOMES } from '../outcome.ts';
import type { BatchSummary } from '../report/summary.ts';
import { hiddenSkippedText } from '../sheet/map/summary-text.ts';

export function summarizeBatch(summary: BatchSummary): string {
  const counts = OUTCOMES.filter((o) => summary.counts[o] > 0).map((o) => `${o} ${summary.counts[o]}`);
  const label = `${summary.dryRun ? ' (dry run)' : ''}${summary.rerunOf ? ` (re-run of ${summary.rerunOf})` : ''}`;
  const lines = [
    `batch ${summary.batchId}${label}: ${summary.total} rows${counts.length > 0 ? `: ${counts.join(', ')}` : ''}`,
  ];
  if (summary.sheet) {
    lines.push(`sheet read: "${summary.sheet.name}"`);
    if (summary.sheet.hiddenSkipped.length > 0) lines.push(hiddenSkippedText(summary.sheet.hiddenSkipped));
  }
  const unchanged = summary.skippedUnchanged;
  if (unchanged && !unchanged.listed) {
    lines.push(
      `${unchanged.count} of the skipped rows are unchanged since the last sync: counted, not listed in the report (--list-unchanged lists them)`,
    );
  }
  if (summary.readError) {
    lines.push(`cannot read the rest of the sheet: ${summary.readError.message}`);
    lines.push(
      `the ${summary.total} rows before that were synced and are in the report; fix the file and sync it again (delta skips what went through)`,
    );
  }
  lines.push(`report: ${summary.reportDir}`);
  return lines.join('\n');
}

/** A batch a person has to look at: a row that did not go through, or a file that broke part-way. */
export function batchHasProblems(summary: BatchSummary): boolean {
  return [...PROBLEM_OUTCOMES].some((outcome) => summary.counts[outcome] > 0) || summary.readError !== undefined;
}
