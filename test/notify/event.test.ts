import { describe, expect, it } from 'vitest';
import { emptyCounts, type OutcomeCounts } from '../../src/outcome.ts';
import type { BatchSummary } from '../../src/report/summary.ts';
import { batchFinished, batchStatus, eventStore, problemOf } from '../../src/notify/event.ts';
import { storeScope } from '../../src/store/identity.ts';
import { failedEvent, scheduleFailedEvent, STORE } from './events.ts';

function counts(some: Partial<OutcomeCounts>): OutcomeCounts {
  return { ...emptyCounts(), ...some };
}

function summary(some: Partial<BatchSummary> = {}): BatchSummary {
  return {
    batchId: '20261126-101010-abc123',
    store: STORE,
    source: 'drop:products.xlsx',
    file: '/srv/drop/processing/products.xlsx',
    kind: 'products',
    total: 59,
    counts: counts({ created: 56, invalid: 3 }),
    startedAt: '2026-11-26T10:10:10.000Z',
    finishedAt: '2026-11-26T10:12:00.000Z',
    rate: 5,
    reportDir: '/srv/reports/20261126-101010-abc123',
    ...some,
  };
}

describe('batch status', () => {
  it.each([
    ['every row ended well', { total: 3, counts: counts({ created: 2, updated: 1 }) }, 'synced'],
    ['some rows need a fix', { total: 3, counts: counts({ created: 2, failed: 1 }) }, 'needs_fix'],
    ['every row needs a fix', { total: 2, counts: counts({ invalid: 1, unknown: 1 }) }, 'nothing_synced'],
    ['no data rows', { total: 0, counts: counts({}) }, 'nothing_synced'],
    ['nothing changed (delta)', { total: 5, counts: counts({ skipped: 4, unchanged: 1 }) }, 'unchanged'],
    [
      'the file broke part-way',
      { total: 2, counts: counts({ created: 2 }), readError: { code: 'file_changed', message: 'changed' } },
      'needs_fix',
    ],
  ] as const)('%s: %s', (_name, facts, status) => {
    expect(batchStatus(facts)).toBe(status);
  });
});

describe('events', () => {
  it('batch.finished: the payload the issue names, no dry-run outcomes, no path, no row cells', () => {
    const problems = Array.from({ length: 25 }, (_, i) =>
      problemOf(i + 2, 'sale_price', `sale_price: "x${i}" is not a number`),
    );
    const event = batchFinished(summary(), problems, eventStore(STORE));
    expect(event).toEqual({
      type: 'batch.finished',
      timestamp: '2026-11-26T10:12:00.000Z',
      data: {
        batchId: '20261126-101010-abc123',
        store: { id: storeScope(STORE), url: STORE.url, name: 'riyadh-perfumes' },
        source: 'drop:products.xlsx',
        file: 'products.xlsx',
        status: 'needs_fix',
        total: 59,
        counts: {
          created: 56,
          updated: 0,
          status_changed: 0,
          unchanged: 0,
          skipped: 0,
          invalid: 3,
          failed: 0,
          unknown: 0,
        },
        startedAt: '2026-11-26T10:10:10.000Z',
        finishedAt: '2026-11-26T10:12:00.000Z',
        problems: problems.slice(0, 20),
      },
    });
    expect(JSON.stringify(event)).not.toContain('ops@shop.example');
  });

  it('a long message is cut', () => {
    expect(problemOf(2, null, 'x'.repeat(2000)).message).toHaveLength(500);
  });

  it('batch.failed: the error, nothing synced', () => {
    const event = failedEvent({
      batchId: 'b1',
      file: '/home/me/products.xlsx',
      error: { code: 'INVALID_CREDENTIALS', message: 'authorize: the store refused the login' },
    });
    expect(event.type).toBe('batch.failed');
    expect(event.data).toMatchObject({
      batchId: 'b1',
      file: 'products.xlsx',
      status: 'failed',
      total: 0,
      problems: [],
    });
    expect(event.data).toHaveProperty('error', {
      code: 'INVALID_CREDENTIALS',
      message: 'authorize: the store refused the login',
    });
  });

  it('schedule.failed: the source without its query (a token may be there)', () => {
    const event = scheduleFailedEvent({
      job: 'nightly',
      source: 'https://user:pw@files.example.com/export.csv?token=SECRET-123#x',
    });
    expect(event.data).toMatchObject({ job: 'nightly', source: 'https://files.example.com/export.csv' });
    expect(JSON.stringify(event)).not.toMatch(/SECRET-123|pw@/);
  });
});
