/** The lines the commands print for a finished batch (pure). */
import { OUTCOMES } from '../sync/outcome.ts';
import type { BatchSummary } from '../sync/types.ts';

export function summarizeBatch(summary: BatchSummary): string {
  const counts = OUTCOMES.filter((o) => summary.counts[o] > 0).map((o) => `${o} ${summary.counts[o]}`);
  const label = `${summary.dryRun ? ' (dry run)' : ''}${summary.rerunOf ? ` (re-run of ${summary.rerunOf})` : ''}`;
  const lines = [`batch ${summary.batchId}${label}: ${summary.total} rows${counts.length > 0 ? `: ${counts.join(', ')}` : ''}`];
  const unchanged = summary.skippedUnchanged;
  if (unchanged && !unchanged.listed) {
    lines.push(`${unchanged.count} of the skipped rows are unchanged since the last sync: counted, not listed in the report (--list-unchanged lists them)`);
  }
  lines.push(`report: ${summary.reportDir}`);
  return lines.join('\n');
}
