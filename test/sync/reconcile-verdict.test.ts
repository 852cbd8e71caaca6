/** Reconcile's arithmetic, table-tested: C confirmed and U unknown creates, the rise between the counts. */
import { describe, expect, it } from 'vitest';
import { reasonText } from '../../src/report/reconciled.ts';
import { batchDoubt, judgeCategory, reconciledResult } from '../../src/sync/reconcile/verdict.ts';

const at = (before: number | null, after: number | null, confirmed: number, unknown: number) => ({
  category: '3',
  before,
  after,
  confirmed,
  unknown,
});

describe('judgeCategory', () => {
  it.each([
    [at(10, 13, 3, 2), 'none_landed', 3],
    [at(10, 15, 3, 2), 'all_landed', 5],
    [at(10, 14, 3, 2), 'unclear', 4],
    [at(10, 16, 3, 2), 'unclear', 6],
    [at(10, 12, 3, 2), 'unclear', 2],
    [at(10, 9, 0, 2), 'unclear', -1],
    [at(null, 13, 3, 2), 'unclear', null],
    [at(10, null, 3, 2), 'unclear', null],
    [at(10, 13, 3, 0), 'no_unknown', 3],
    [at(0, 0, 0, 4), 'none_landed', 0],
    [at(0, 4, 0, 4), 'all_landed', 4],
  ] as const)('%o -> %s (rise %s)', (evidence, verdict, rise) => {
    const finding = judgeCategory(evidence);
    expect(finding.verdict).toBe(verdict);
    expect(finding.rise).toBe(rise);
    expect(finding.reason).not.toBe('');
  });

  it('says why it is unclear', () => {
    expect(judgeCategory(at(10, 14, 3, 2)).reason).toContain('1 of the 2 unknown creates landed');
    expect(judgeCategory(at(10, 16, 3, 2)).reason).toContain('another writer');
    expect(judgeCategory(at(10, 9, 0, 2)).reason).toContain('fell by 1');
    expect(judgeCategory(at(null, 13, 3, 2)).reason).toContain('no product_total before');
  });

  it('keeps the reason as data, said in Arabic too; a finding of an earlier version keeps its English', () => {
    const finding = judgeCategory(at(10, 14, 3, 2));
    expect(finding).toMatchObject({
      reasonKey: 'reconcile.reason.some',
      reasonParams: { rise: 4, landed: 1, unknown: 2 },
    });
    expect(reasonText(finding, 'en')).toBe(finding.reason);
    expect(reasonText(finding, 'ar')).toBe(
      'ارتفع العدد بمقدار 4: وصلت 1 من 2 عمليات إنشاء غير معروفة، ولا تقول الأعداد أيّها',
    );
    const { reasonKey: _key, reasonParams: _params, ...earlier } = finding;
    expect(reasonText(earlier, 'ar')).toBe(finding.reason);
  });

  it('leaves every unknown unclear when the batch gives a doubt, even with counts that fit', () => {
    const finding = judgeCategory(at(10, 13, 3, 2), batchDoubt([7], false));
    expect(finding).toMatchObject({ verdict: 'unclear', reasonKey: 'reconcile.reason.moved' });
    expect(finding.reason).toContain('row 7');
  });
});

describe('batchDoubt', () => {
  it('names the updates that may have moved products, or a resumed batch; else none', () => {
    expect(batchDoubt([4, 9], false)?.message).toContain('row 4, 9');
    expect(batchDoubt([], true)?.message).toContain('resumed');
    expect(batchDoubt([], false)).toBeNull();
  });
});

describe('reconciledResult', () => {
  const unknown = { row: 4, outcome: 'unknown' as const, message: 'lost', httpStatus: null, attempts: 1 };

  it('makes a row that never landed failed (sendable) and one that landed created', () => {
    expect(reconciledResult(judgeCategory(at(10, 13, 3, 2)), unknown, 'b1')).toMatchObject({
      row: 4,
      outcome: 'failed',
      message: expect.stringContaining('safe to send again') as unknown,
    });
    expect(reconciledResult(judgeCategory(at(10, 15, 3, 2)), unknown, 'b1')).toMatchObject({
      outcome: 'created',
      message: expect.stringContaining('no product_id') as unknown,
    });
    expect(reconciledResult(judgeCategory(at(10, 14, 3, 2)), unknown, 'b1')).toBeNull();
  });
});
