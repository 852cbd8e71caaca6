/**
 * What the CLI prints for a batch with creates whose outcome is unknown: the rows' messages say it
 * in words (for the console's button), so the terminal's lines name the command, in either language.
 */
import { describe, expect, it } from 'vitest';
import { summarizeBatch } from '../../src/intake/cli-output.ts';
import { emptyCounts, type OutcomeCounts } from '../../src/outcome.ts';
import type { BatchSummary } from '../../src/report/summary.ts';

function summary(some: Partial<OutcomeCounts>): BatchSummary {
  return {
    batchId: 'B1',
    store: { url: 'https://api.shop.example', account: 'ops@shop.example', name: 'Shop' },
    source: 'cli',
    file: '/srv/products.csv',
    kind: 'products',
    total: 3,
    counts: { ...emptyCounts(), ...some },
    startedAt: '2026-11-26T10:10:10.000Z',
    finishedAt: '2026-11-26T10:12:00.000Z',
    rate: 5,
    reportDir: '/srv/reports/B1',
  };
}

describe('the lines of a batch with unknown creates', () => {
  it('name the commands that settle them and send them again, in English and Arabic', () => {
    const en = summarizeBatch(summary({ created: 1, unknown: 2 }), 'en');
    expect(en).toContain(
      '2 creates have an unknown outcome (the product may exist in the store): catalog-sync reconcile B1 settles them',
    );
    expect(en).toContain('catalog-sync rerun B1 --resend-unknown-creates creates them again');
    const ar = summarizeBatch(summary({ created: 2, unknown: 1 }), 'ar');
    expect(ar).toContain('catalog-sync reconcile B1');
    expect(ar).toContain('catalog-sync rerun B1 --resend-unknown-creates');
  });

  it('say nothing of it when no create is unknown', () => {
    expect(summarizeBatch(summary({ created: 3 }), 'en')).not.toContain('reconcile');
  });
});
