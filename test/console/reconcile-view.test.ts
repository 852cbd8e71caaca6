/** The console's reconcile answer: every text in the language asked, each row beside its category's reason. */
import { describe, expect, it } from 'vitest';
import { reconcileAnswer } from '../../src/console/reconcile-view.ts';
import { said } from '../../src/messages/index.ts';
import type { ReconcileReport } from '../../src/sync/reconcile/run.ts';
import { judgeCategory } from '../../src/sync/reconcile/verdict.ts';

const report: ReconcileReport = {
  batchId: 'b1',
  reportDir: '/srv/reports/b1',
  dryRun: true,
  categories: [
    judgeCategory({ category: '2', before: 0, after: 1, confirmed: 1, unknown: 1 }),
    judgeCategory({ category: '3', before: 5, after: 4, confirmed: 0, unknown: 1 }),
  ],
  changed: [{ row: 2, category: '2', was: 'unknown', now: 'failed', earlierMessage: 'lost' }],
  leftUnknown: [4],
  leftUnknownRows: [{ row: 4, category: '3' }],
  warnings: [said('reconcile.warning.ledger_nothing', { row: 7 })],
};

describe('reconcileAnswer', () => {
  it('says the reasons and warnings in English, and leaves the report folder out', () => {
    const answer = reconcileAnswer(report, 'en');
    expect(answer.changed).toEqual([
      {
        row: 2,
        category: '2',
        was: 'unknown',
        now: 'failed',
        reason: 'rose by 1, exactly the 1 confirmed create: none of the unknown creates landed',
      },
    ]);
    expect(answer.leftUnknown).toEqual([
      { row: 4, category: '3', reason: 'fell by 1: products were deleted or moved meanwhile' },
    ]);
    expect(answer.warnings).toEqual([
      "row 7: the ledger holds nothing for it, not this batch's unknown create; left as it is",
    ]);
    expect(JSON.stringify(answer)).not.toContain('/srv/reports');
  });

  it('says them in Arabic', () => {
    const answer = reconcileAnswer(report, 'ar');
    expect(answer.leftUnknown[0]!.reason).toBe('انخفض العدد بمقدار 1: حُذفت منتجات أو نُقلت في الأثناء');
    expect(answer.categories.map((c) => c.reason)).toEqual([answer.changed[0]!.reason, answer.leftUnknown[0]!.reason]);
    expect(answer.warnings[0]).toBe(
      'الصف 7: لا يحمل السجل له شيئًا، لا عملية الإنشاء غير المعروفة لهذه الدفعة؛ تُرك كما هو',
    );
  });
});
