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
