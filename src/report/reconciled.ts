/**
 * What `reconcile` found for a batch and changed (summary.json `reconciled`): the evidence per
 * category and every row whose outcome it changed, with the outcome and message it had before.
 */
import { textOf, type Lang, type MessageParams } from '../messages/index.ts';
import type { Outcome } from '../outcome.ts';
import type { CountsSnapshot } from './category-counts.ts';
import type { Verdict } from './verdict.ts';

export type { Verdict } from './verdict.ts';

export interface CategoryEvidence {
  category: string;
  /** product_total before the batch's first create, and after its last row (null: not known). */
  before: number | null;
  after: number | null;
  /** The batch's rows created in this category. */
  confirmed: number;
  /** The batch's creates in this category whose outcome is unknown. */
  unknown: number;
}

export interface CategoryFinding extends CategoryEvidence {
  /** after - before, when both are known. */
  rise: number | null;
  verdict: Verdict;
  /** Why, in words a shop operator can check (English; `reasonKey` and `reasonParams` say it in any language). */
  reason: string;
  /** The reason as data (src/messages); absent in a summary.json an earlier version wrote. */
  reasonKey?: string;
  reasonParams?: MessageParams;
}

export interface ReconciledRow {
  row: number;
  category: string;
  was: Outcome;
  now: Outcome;
  /** The message the row had before reconcile changed it. */
  earlierMessage: string;
}

export interface Reconciled {
  /** When reconcile ran (the last run, when it ran more than once). */
  at: string;
  /** Counts reconcile took itself, the batch having none "after": creates since then weaken the evidence. */
  lateAfter?: CountsSnapshot;
  categories: CategoryFinding[];
  /** Rows changed, by every reconcile run of the batch. */
  rows: ReconciledRow[];
}

/** A finding's reason in `lang` (an earlier version's summary.json has it in English only). */
export function reasonText(finding: CategoryFinding, lang: Lang): string {
  return textOf({ message: finding.reason, messageKey: finding.reasonKey, params: finding.reasonParams }, lang);
}
