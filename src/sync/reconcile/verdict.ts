/**
 * Reconcile's arithmetic, pure: what a category's product_total before and after a batch says
 * about the batch's creates whose answer was lost. With C confirmed creates and U unknown ones in
 * a category, a rise of exactly C means none of the U landed and a rise of C + U means all did;
 * anything else leaves them unknown. It holds only if nothing else changed the category meanwhile
 * (another writer in the store's admin, the batch's own updates moving products): `doubt` says so.
 */
import type { CategoryEvidence, CategoryFinding, Verdict } from '../../report/reconciled.ts';
import { said, type Said } from '../../messages/index.ts';
import type { RowResult } from '../../outcome.ts';

/**
 * What makes every category's counts untrustworthy, from the batch itself, or null: its updates
 * that set a category (`moved`, row numbers) may have moved products between categories; a batch
 * resumed after its process stopped was counted by the resumed run, after its earlier creates.
 */
export function batchDoubt(moved: readonly number[], resumed: boolean): Said | null {
  if (moved.length > 0)
    return said('reconcile.reason.moved', {
      rows: `${moved.slice(0, 5).join(', ')}${moved.length > 5 ? ', ...' : ''}`,
    });
  if (resumed) return said('reconcile.reason.resumed', {});
  return null;
}

/** The finding for one category; `doubt` (a reason the batch's counts cannot be trusted) makes any unknown unclear. */
export function judgeCategory(evidence: CategoryEvidence, doubt: Said | null = null): CategoryFinding {
  const { before, after, confirmed, unknown } = evidence;
  const rise = before !== null && after !== null ? after - before : null;
  // The reason as English text (summary.json, the CLI's table) and as data for any language.
  const found = (verdict: Verdict, why: Said): CategoryFinding => ({
    ...evidence,
    rise,
    verdict,
    reason: why.message,
    reasonKey: why.messageKey,
    reasonParams: why.params,
  });
  if (unknown === 0) return found('no_unknown', said('reconcile.reason.no_unknown', {}));
  if (doubt !== null) return found('unclear', doubt);
  if (rise === null)
    return found(
      'unclear',
      said(before === null ? 'reconcile.reason.no_total_before' : 'reconcile.reason.no_total_after', {}),
    );
  if (rise === confirmed) return found('none_landed', said('reconcile.reason.none_landed', { rise, confirmed }));
  if (rise === confirmed + unknown)
    return found('all_landed', said('reconcile.reason.all_landed', { rise, confirmed, unknown }));
  if (rise < 0) return found('unclear', said('reconcile.reason.fell', { fall: -rise }));
  if (rise < confirmed) return found('unclear', said('reconcile.reason.below', { rise, confirmed }));
  if (rise > confirmed + unknown) return found('unclear', said('reconcile.reason.above', { rise, confirmed, unknown }));
  return found('unclear', said('reconcile.reason.some', { rise, landed: rise - confirmed, unknown }));
}

/** How the verdict changes an unknown create's row, or null when it stays unknown. */
export function reconciledResult(finding: CategoryFinding, result: RowResult, batchId: string): RowResult | null {
  const counted = { category: finding.category, before: String(finding.before), after: String(finding.after) };
  if (finding.verdict === 'none_landed')
    return {
      ...result,
      outcome: 'failed',
      ...said('reconcile.not_created', { ...counted, batch: batchId }),
      code: 'reconciled_not_created',
    };
  if (finding.verdict === 'all_landed')
    return {
      ...result,
      outcome: 'created',
      ...said('reconcile.created', counted),
      code: 'reconciled_created',
    };
  return null;
}
