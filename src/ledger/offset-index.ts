/**
 * Where each key's newest line is in the ledger file: the file ledger's index in memory. It keeps
 * no key and no entry, only a 32-bit tag of the key and the line's byte offset, in typed arrays
 * outside the V8 heap (12 bytes a slot): a ledger of a million products costs a few tens of MB,
 * where a Map of keys to entries had cost about 180 bytes a key, twice over once the heap grew
 * for it (bench/scale.ts memory, bench/RESULTS.md). A key is told from another whose tag it
 * shares by reading the line's own key back from the file (`keyAt`): never by the tag alone.
 *
 * A slot holds offset + 1 for an entry's line, -(offset + 1) for a deletion's line, 0 when empty:
 * a deletion is kept (a tombstone) so that a line further back in the file, written by the other
 * lane and finished later, cannot bring the key back. Compaction (a new index) drops them.
 */

import { keyDigest } from '../sheet/key-digest.ts';

const DIGEST = new Uint32Array(4);

/** The key of the line at `offset`, read back from the file (undefined if none is there). */
export type KeyAt = (offset: number) => string | undefined;

const FIRST_CAPACITY = 1024;
/**
 * Grown when 7/8 full: a miss then probes about 30 slots on average, a few ns against the line
 * read a hit costs, and the table holds 14 to 27 bytes a key.
 */
const FULL_EIGHTHS = 7;

export class OffsetIndex {
  private tags: Uint32Array;
  private slots: Float64Array;
  private used = 0;
  private liveCount = 0;

  /** `expected`: keys about to be added (a compaction's live keys), so the table need not grow for them. */
  constructor(
    private readonly keyAt: KeyAt,
    expected = 0,
  ) {
    let capacity = FIRST_CAPACITY;
    while (capacity * FULL_EIGHTHS < expected * 8) capacity *= 2;
    this.tags = new Uint32Array(capacity);
    this.slots = new Float64Array(capacity);
  }

  /** A new, empty index over the same file's keys, sized for `expected` keys (a compaction's). */
  emptied(expected: number): OffsetIndex {
    return new OffsetIndex(this.keyAt, expected);
  }

  /** Keys whose newest line is an entry. */
  get live(): number {
    return this.liveCount;
  }

  /** Bytes the index holds (for tests and the memory bench's notes). */
  get bytes(): number {
    return this.tags.byteLength + this.slots.byteLength;
  }

  /** The offset of `key`'s newest line when that line is an entry; undefined when absent or deleted. */
  get(key: string): number | undefined {
    const value = this.slots[this.slotOf(key, tagOf(key))]!;
    return value > 0 ? value - 1 : undefined;
  }

  /**
   * The line at `offset` is `key`'s newest unless the index holds one further on in the file:
   * lines of the two lanes may finish out of the order in which the file holds them.
   */
  record(key: string, offset: number, deleted: boolean): void {
    const tag = tagOf(key);
    const slot = this.slotOf(key, tag);
    const held = this.slots[slot]!;
    if (held !== 0 && Math.abs(held) - 1 > offset) return;
    if (held > 0) this.liveCount -= 1;
    if (held === 0) this.used += 1;
    this.tags[slot] = tag;
    this.slots[slot] = deleted ? -(offset + 1) : offset + 1;
    if (!deleted) this.liveCount += 1;
    if (held === 0 && this.used * 8 > this.slots.length * FULL_EIGHTHS) this.grow();
  }

  /**
   * Adds a key known to be absent (a compaction writing each live key once): no line is read
   * back, so the index can be built while its file is still being written.
   */
  addNew(key: string, offset: number): void {
    this.place(tagOf(key), offset + 1);
    this.used += 1;
    this.liveCount += 1;
    if (this.used * 8 > this.slots.length * FULL_EIGHTHS) this.grow();
  }

  /** The offsets of every live entry's line, at this moment (a copy: writes may go on meanwhile). */
  liveOffsets(): Float64Array {
    const out = new Float64Array(this.liveCount);
    let n = 0;
    for (const value of this.slots) if (value > 0) out[n++] = value - 1;
    return out;
  }

  /** The slot holding `key`, or the empty slot where it would go. */
  private slotOf(key: string, tag: number): number {
    const mask = this.slots.length - 1;
    for (let slot = tag & mask; ; slot = (slot + 1) & mask) {
      const value = this.slots[slot]!;
      if (value === 0) return slot;
      if (this.tags[slot] === tag && this.keyAt(Math.abs(value) - 1) === key) return slot;
    }
  }

  private place(tag: number, value: number): void {
    const mask = this.slots.length - 1;
    let slot = tag & mask;
    while (this.slots[slot] !== 0) slot = (slot + 1) & mask;
    this.tags[slot] = tag;
    this.slots[slot] = value;
  }

  private grow(): void {
    const { tags, slots } = this;
    this.tags = new Uint32Array(tags.length * 2);
    this.slots = new Float64Array(slots.length * 2);
    for (let i = 0; i < slots.length; i++) if (slots[i] !== 0) this.place(tags[i]!, slots[i]!);
  }
}

/** A 32-bit tag of the key: the first word of its 128-bit digest, shared with the sheet's checks. */
export function tagOf(key: string): number {
  keyDigest(key, DIGEST);
  return DIGEST[0]!;
}
