/**
 * Reconcile's arithmetic, pure: what a category's product_total before and after a batch says
 * about the batch's creates whose answer was lost. With C confirmed creates and U unknown ones in
 * a category, a rise of exactly C means none of the U landed and a rise of C + U means all did;
 * anything else leaves them unknown. It holds only if nothing else changed the category meanwhile
 * (another writer in the store's admin, the batch's own updates moving products): `doubt` says so.
 */
import type { CategoryEvidence, CategoryFinding, Verdict } from '../../report/reconciled.ts';
import { said } from '../../messages/index.ts';
import type { RowResult } from '../../outcome.ts';

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/**
 * What makes every category's counts untrustworthy, from the batch itself, or null: its updates
 * that set a category (`moved`, row numbers) may have moved products between categories; a batch
 * resumed after its process stopped was counted by the resumed run, after its earlier creates.
 */
export function batchDoubt(moved: readonly number[], resumed: boolean): string | null {
  if (moved.length > 0)
    return `the batch's updates set a product's category (row ${moved.slice(0, 5).join(', ')}${moved.length > 5 ? ', ...' : ''}): a product moved between categories breaks the count`;
  if (resumed)
    return 'the batch resumed after its process stopped: its counts were taken by the resumed run, after earlier creates';
  return null;
}

/** The finding for one category; `doubt` (a reason the batch's counts cannot be trusted) makes any unknown unclear. */
export function judgeCategory(evidence: CategoryEvidence, doubt: string | null = null): CategoryFinding {
  const { before, after, confirmed, unknown } = evidence;
  const rise = before !== null && after !== null ? after - before : null;
  const found = (verdict: Verdict, reason: string): CategoryFinding => ({ ...evidence, rise, verdict, reason });
  if (unknown === 0) return found('no_unknown', 'no create with an unknown outcome');
  if (doubt !== null) return found('unclear', doubt);
  if (rise === null)
    return found('unclear', `no product_total ${before === null ? 'before' : 'after'} the batch for this category`);
  const confirmedText = plural(confirmed, 'confirmed create');
  if (rise === confirmed)
    return found('none_landed', `rose by ${rise}, exactly the ${confirmedText}: none of the unknown creates landed`);
  if (rise === confirmed + unknown)
    return found('all_landed', `rose by ${rise}, the ${confirmedText} and all ${unknown} unknown: every one landed`);
  if (rise < 0) return found('unclear', `fell by ${-rise}: products were deleted or moved meanwhile`);
  if (rise < confirmed)
    return found(
      'unclear',
      `rose by ${rise}, less than the ${confirmedText}: products were deleted or moved meanwhile`,
    );
  if (rise > confirmed + unknown)
    return found(
      'unclear',
      `rose by ${rise}, more than the ${confirmedText} and ${unknown} unknown: another writer added products`,
    );
  return found(
    'unclear',
    `rose by ${rise}: ${rise - confirmed} of the ${unknown} unknown creates landed, and the counts cannot say which`,
  );
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
