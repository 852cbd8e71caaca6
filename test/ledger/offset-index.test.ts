import { describe, expect, it } from 'vitest';
import { OffsetIndex } from '../../src/ledger/offset-index.ts';

describe('OffsetIndex', () => {
  it('points each key at its newest line', () => {
    const index = new OffsetIndex();
    for (let i = 0; i < 50_000; i++) index.record(`k${i}`, i * 10, false);
    for (let i = 0; i < 50_000; i += 2) index.record(`k${i}`, 1_000_000 + i * 10, false);
    expect(index.live).toBe(50_000);
    expect(index.get('k0')).toBe(1_000_000);
    expect(index.get('k1')).toBe(10);
    expect(index.get('k49999')).toBe(499_990);
    expect(index.get('absent')).toBeUndefined();
  });

  it('a deletion hides the key and is kept, so that an older line cannot bring it back', () => {
    const index = new OffsetIndex();
    index.record('a', 100, false);
    index.record('b', 200, false);
    index.record('b', 400, true);
    expect(index.get('a')).toBe(100);
    expect(index.get('b')).toBeUndefined();
    expect(index.live).toBe(1);
    index.record('b', 200, false);
    expect(index.get('b')).toBeUndefined();
  });

  it('a line further back in the file that finishes later does not undo a newer one', () => {
    const index = new OffsetIndex();
    // The other lane's deletion at 500 was written first; the older entry at 100 finishes after it.
    index.record('k', 500, true);
    index.record('k', 100, false);
    expect(index.get('k')).toBeUndefined();
    expect(index.live).toBe(0);
    index.record('k', 600, false);
    index.record('k', 550, true);
    expect(index.get('k')).toBe(600);
    expect([...index.liveOffsets()]).toEqual([600]);
  });

  it('addNew builds an index of keys known to be absent (a compaction writing its new file)', () => {
    const index = new OffsetIndex();
    for (let i = 0; i < 10_000; i++) index.addNew(`k${i}`, i);
    expect(index.live).toBe(10_000);
    expect([...index.liveOffsets()].sort((x, y) => x - y)).toEqual(Array.from({ length: 10_000 }, (_, i) => i));
  });
});
