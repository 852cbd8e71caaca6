import { describe, expect, it } from 'vitest';
import { OffsetIndex, tagOf } from '../../src/ledger/offset-index.ts';

/** An index over a "file" held as offset -> key, as the ledger's lines would be read back. */
function indexOver(): { index: OffsetIndex; write: (key: string, offset: number, deleted?: boolean) => void } {
  const file = new Map<number, string>();
  const index = new OffsetIndex((offset) => file.get(offset));
  return {
    index,
    write: (key, offset, deleted = false) => {
      file.set(offset, key);
      index.record(key, offset, deleted);
    },
  };
}

/** Two different keys with one 32-bit tag, found once by searching `k:barcode:<n>` (checked below). */
const SHARING_A_TAG: [string, string] = ['k:barcode:38014', 'k:barcode:70781'];

describe('OffsetIndex', () => {
  it('points each key at its newest line, through growth', () => {
    const { index, write } = indexOver();
    for (let i = 0; i < 50_000; i++) write(`k${i}`, i * 10);
    for (let i = 0; i < 50_000; i += 2) write(`k${i}`, 1_000_000 + i * 10);
    expect(index.live).toBe(50_000);
    expect(index.get('k0')).toBe(1_000_000);
    expect(index.get('k1')).toBe(10);
    expect(index.get('k49999')).toBe(499_990);
    expect(index.get('absent')).toBeUndefined();
    // 12 bytes a slot, at least 7/16 full once grown: under 28 bytes a key, whatever the keys hold.
    expect(index.bytes / index.live).toBeLessThan(28);
  });

  it('keeps two keys that share a tag apart, reading each line back to tell them', () => {
    const [a, b] = SHARING_A_TAG;
    expect(tagOf(a)).toBe(tagOf(b));
    const { index, write } = indexOver();
    write(a, 100);
    write(b, 200);
    write(a, 300);
    expect(index.get(a)).toBe(300);
    expect(index.get(b)).toBe(200);
    write(b, 400, true);
    expect(index.get(a)).toBe(300);
    expect(index.get(b)).toBeUndefined();
    expect(index.live).toBe(1);
  });

  it('a line further back in the file that finishes later does not undo a newer one', () => {
    const { index, write } = indexOver();
    // The other lane's deletion at 500 was written first; the older entry at 100 finishes after it.
    write('k', 500, true);
    write('k', 100);
    expect(index.get('k')).toBeUndefined();
    expect(index.live).toBe(0);
    write('k', 600);
    write('k', 550, true);
    expect(index.get('k')).toBe(600);
    expect([...index.liveOffsets()]).toEqual([600]);
  });

  it('addNew builds an index without reading any line back (a compaction writing its new file)', () => {
    const index = new OffsetIndex(() => {
      throw new Error('read a line');
    }, 10_000);
    for (let i = 0; i < 10_000; i++) index.addNew(`k${i}`, i);
    expect(index.live).toBe(10_000);
    expect([...index.liveOffsets()].sort((x, y) => x - y)).toEqual(Array.from({ length: 10_000 }, (_, i) => i));
  });
});
