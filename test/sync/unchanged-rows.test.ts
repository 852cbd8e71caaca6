import { describe, expect, it } from 'vitest';
import { parseRange, rangeTexts, UnchangedRows } from '../../src/sync/unchanged-rows.ts';

describe('UnchangedRows (summary.json skippedUnchanged)', () => {
  it('keeps row numbers as ranges, merging rows added one by one and ranges added in bulk in any order', () => {
    const rows = new UnchangedRows(false);
    for (const row of [2, 3, 4, 9]) rows.add(row);
    rows.addRange(20, 30);
    rows.addRange(5, 6);
    rows.add(31);
    expect(rows.summary()).toEqual({ count: 18, listed: false, rows: '2-6, 9, 20-31' });
  });

  it('when listed, only counts', () => {
    const rows = new UnchangedRows(true);
    rows.addRange(2, 100);
    expect(rows.summary()).toEqual({ count: 99, listed: true });
  });

  it('says nothing when no row was unchanged', () => {
    expect(new UnchangedRows(false).summary()).toBeUndefined();
  });

  it('cuts a sheet of alternating rows short and says how to see them all', () => {
    const rows = new UnchangedRows(false);
    for (let row = 2; row < 10_000; row += 2) rows.add(row);
    const summary = rows.summary()!;
    expect(summary.count).toBe(4_999);
    expect(summary.rows!.split(', ')).toHaveLength(2_001);
    expect(summary.rows).toMatch(/^2, 4, 6, .*, 4000, \.\.\. \(more: sync with --list-unchanged to list them\)$/);
  });

  it('range texts go to Redis and come back', () => {
    const texts = rangeTexts([2, 3, 4, 7, 9, 10]);
    expect(texts).toEqual(['2-4', '7', '9-10']);
    expect(texts.map(parseRange)).toEqual([
      [2, 4],
      [7, 7],
      [9, 10],
    ]);
    expect(parseRange('x-1')).toBeNull();
  });
});
