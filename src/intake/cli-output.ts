/** The lines intake commands print for a finished batch (pure). */
import { OUTCOMES } from '../sync/outcome.ts';
import type { BatchSummary } from '../sync/types.ts';

export function summarizeBatch(summary: BatchSummary): string {
  const counts = OUTCOMES.filter((o) => summary.counts[o] > 0).map((o) => `${o} ${summary.counts[o]}`);
  return [
    `batch ${summary.batchId}${summary.rerunOf ? ` (re-run of ${summary.rerunOf})` : ''}: ${summary.total} rows${counts.length > 0 ? `: ${counts.join(', ')}` : ''}`,
    `report: ${summary.reportDir}`,
  ].join('\n');
}
