/** Running counts of a batch, and the progress events built from them. */
import { PROBLEM_OUTCOMES, type Outcome } from '../outcome.ts';
import { emptyCounts, type OutcomeCounts } from '../outcome.ts';
import type { BatchProgress } from './types.ts';

export class BatchTally {
  readonly counts: OutcomeCounts = emptyCounts();
  done = 0;
  total: number | null = null;

  constructor(readonly batchId: string) {}

  add(outcome: Outcome): void {
    this.counts[outcome]++;
    this.done++;
  }

  progress(): BatchProgress {
    return {
      batchId: this.batchId,
      done: this.done,
      total: this.total,
      problems: problemsIn(this.counts),
      counts: { ...this.counts },
    };
  }
}

export function problemsIn(counts: OutcomeCounts): number {
  let n = 0;
  for (const outcome of PROBLEM_OUTCOMES) n += counts[outcome];
  return n;
}

/**
 * How a batch's rows ended, in the words a person reads (the drop folder's report.json, the
 * notifications): `synced` every row ended well, `needs_fix` some rows need a fix, `nothing_synced`
 * no row went through (no data rows at all, or every row has a problem).
 */
export type RowsStatus = 'synced' | 'needs_fix' | 'nothing_synced';

export function rowsStatus(total: number, counts: OutcomeCounts): RowsStatus {
  const problems = problemsIn(counts);
  if (total === 0 || problems >= total) return 'nothing_synced';
  return problems === 0 ? 'synced' : 'needs_fix';
}
