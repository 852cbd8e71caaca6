/**
 * What `POST /api/batches/{id}/reconcile` answers (reconcile-view.ts): reconcile's report with
 * every text in the request's language. Shared by the server and the page; type-only.
 */
import type { Outcome } from '../../outcome.ts';
import type { Verdict } from '../../report/verdict.ts';

export interface ReconcileCategoryView {
  category: string;
  before: number | null;
  after: number | null;
  rise: number | null;
  confirmed: number;
  unknown: number;
  verdict: Verdict;
  reason: string;
}

export interface ReconcileAnswer {
  batchId: string;
  /** True: nothing changed, the rows say what would. */
  dryRun: boolean;
  categories: ReconcileCategoryView[];
  /** Rows whose outcome changed (or would): `now` is `created` or `failed`. */
  changed: { row: number; category: string; was: Outcome; now: Outcome; reason: string }[];
  /** Rows whose create stays `unknown`, and why (their category's reason). */
  leftUnknown: { row: number; category: string; reason: string }[];
  warnings: string[];
}
