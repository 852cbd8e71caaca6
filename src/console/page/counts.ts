/** Which outcome counts a batch shows, in the order of OUTCOMES: a dry run's would_* among them. */
import { OUTCOMES, type Outcome } from '../../outcome.ts';
import type { Counts } from './types.ts';

export function shownCounts(counts: Counts | null | undefined): [Outcome, number][] {
  if (!counts) return [];
  return OUTCOMES.flatMap((o): [Outcome, number][] => {
    const n = counts[o] ?? 0;
    return n > 0 ? [[o, n]] : [];
  });
}
