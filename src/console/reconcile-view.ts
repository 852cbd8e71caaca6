/**
 * What `POST /api/batches/{id}/reconcile` answers: reconcile's report (sync/reconcile/run.ts) with
 * every text in the request's language, each row beside the reason its category's counts give.
 * No server path (the report folder): a person reads it, and downloads the files from the batch.
 */
import { textOf, type Lang } from '../messages/index.ts';
import { reasonText, type CategoryFinding } from '../report/reconciled.ts';
import type { ReconcileReport } from '../sync/reconcile/run.ts';
import type { ReconcileAnswer, ReconcileCategoryView } from './answers/reconcile.ts';

export type { ReconcileAnswer, ReconcileCategoryView } from './answers/reconcile.ts';

export function reconcileAnswer(report: ReconcileReport, lang: Lang): ReconcileAnswer {
  const categories = report.categories.map((finding) => categoryView(finding, lang));
  const reasonOf = new Map(categories.map((view) => [view.category, view.reason]));
  const reason = (category: string): string => reasonOf.get(category) ?? '';
  return {
    batchId: report.batchId,
    dryRun: report.dryRun,
    categories,
    changed: report.changed.map(({ row, category, was, now }) => ({
      row,
      category,
      was,
      now,
      reason: reason(category),
    })),
    leftUnknown: report.leftUnknownRows.map(({ row, category }) => ({ row, category, reason: reason(category) })),
    warnings: report.warnings.map((warning) => textOf(warning, lang)),
  };
}

function categoryView(finding: CategoryFinding, lang: Lang): ReconcileCategoryView {
  const { category, before, after, rise, confirmed, unknown, verdict } = finding;
  return { category, before, after, rise, confirmed, unknown, verdict, reason: reasonText(finding, lang) };
}
