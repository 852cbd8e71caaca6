/**
 * Where each key's newest line is in the ledger file: the file ledger's index in memory, a Map of
 * key to the line's byte offset. The entries themselves stay on disk and a lookup reads its line
 * back, so memory holds a key and a number per product: about 65 MB of heap for a million. A
 * typed-array table of key tags held it in about 25 MB; measured together with the sheet's checks
 * (bench/catalog-memory.ts), a million-product delta peaked about 50 MB higher with the Maps, at
 * the same start-up, which no user notices: the platform's Map stays.
 *
 * A value is offset + 1 for an entry's line, -(offset + 1) for a deletion's line: a deletion is
 * kept (a tombstone) so that a line further back in the file, written by the other lane and
 * finished later, cannot bring the key back. Compaction (a new index) drops them.
 */
export class OffsetIndex {
  private readonly slots = new Map<string, number>();
  private liveCount = 0;

  /** Keys whose newest line is an entry. */
  get live(): number {
    return this.liveCount;
  }

  /** The offset of `key`'s newest line when that line is an entry; undefined when absent or deleted. */
  get(key: string): number | undefined {
    const value = this.slots.get(key);
    return value !== undefined && value > 0 ? value - 1 : undefined;
  }

  /**
   * The line at `offset` is `key`'s newest unless the index holds one further on in the file:
   * lines of the two lanes may finish out of the order in which the file holds them.
   */
  record(key: string, offset: number, deleted: boolean): void {
    const held = this.slots.get(key);
    if (held !== undefined && Math.abs(held) - 1 > offset) return;
    if (held !== undefined && held > 0) this.liveCount -= 1;
    this.slots.set(key, deleted ? -(offset + 1) : offset + 1);
    if (!deleted) this.liveCount += 1;
  }

  /** Adds a key known to be absent (a compaction writing each live key once). */
  addNew(key: string, offset: number): void {
    this.slots.set(key, offset + 1);
    this.liveCount += 1;
  }

  /** The keys of live entries that start with `prefix`, as the index holds them while it is iterated. */
  *liveKeys(prefix: string): Iterable<string> {
    for (const [key, value] of this.slots) if (value > 0 && key.startsWith(prefix)) yield key;
  }

  /** The offsets of every live entry's line, at this moment (a copy: writes may go on meanwhile). */
  liveOffsets(): Float64Array {
    const out = new Float64Array(this.liveCount);
    let n = 0;
    for (const value of this.slots.values()) if (value > 0) out[n++] = value - 1;
    return out;
  }
}
