/**
 * The first row of a sheet that had each key, for the per-sheet duplicate checks. A Map of key
 * text to row costs ~90-180 bytes of V8 heap per row, so an import's peak memory grew with its
 * rows; this table keeps no key text, only a digest and a row per slot in typed arrays outside the
 * V8 heap (20 bytes a slot, at least 7/16 of them filled past the first 1024 slots).
 *
 * Keys are told apart by a 128-bit digest (key-digest.ts): two different keys of one sheet
 * sharing it has odds of about n²/2¹²⁹, ~1e-27 for a million keys, beyond any real sheet. Were it
 * ever to happen, a later row would be reported a duplicate of an earlier one; never would a
 * duplicate pass.
 */
import { keyDigest } from './key-digest.ts';

const START_SLOTS = 1024;
/**
 * Grown when 7/8 full: a new key then probes about 30 slots on average, a few ns each, and the
 * table holds 23 to 46 bytes a key.
 */
const FULL_EIGHTHS = 7;
const WORDS = 4;
/** The digest of the key being looked up (one at a time: the checks run in the one thread). */
const DIGEST = new Uint32Array(WORDS);
/** Rows are stored plus one, so that 0 can mean an empty slot and row 0 stays a row. */
const MAX_ROW = 0xfffffffe;

export class FirstRows {
  private digests = new Uint32Array(START_SLOTS * WORDS);
  private rows = new Uint32Array(START_SLOTS);
  private count = 0;

  get size(): number {
    return this.count;
  }

  /** What the table holds, outside the V8 heap. */
  get bytes(): number {
    return this.digests.byteLength + this.rows.byteLength;
  }

  /** The earlier row that had `key`; else records `row` as its first and returns undefined. */
  firstOr(key: string, row: number): number | undefined {
    if (!Number.isInteger(row) || row < 0 || row > MAX_ROW) throw new RangeError(`not a sheet row: ${row}`);
    keyDigest(key, DIGEST);
    const a = DIGEST[0]!;
    const b = DIGEST[1]!;
    const c = DIGEST[2]!;
    const d = DIGEST[3]!;
    const mask = this.rows.length - 1;
    let slot = a & mask;
    for (let stored = this.rows[slot] as number; stored !== 0; stored = this.rows[slot] as number) {
      const at = slot * WORDS;
      const digests = this.digests;
      if (digests[at] === a && digests[at + 1] === b && digests[at + 2] === c && digests[at + 3] === d)
        return stored - 1;
      slot = (slot + 1) & mask;
    }
    this.put(slot, a, b, c, d, row + 1);
    this.count += 1;
    if (this.count * 8 > this.rows.length * FULL_EIGHTHS) this.grow();
    return undefined;
  }

  private put(slot: number, a: number, b: number, c: number, d: number, stored: number): void {
    const at = slot * WORDS;
    this.digests[at] = a;
    this.digests[at + 1] = b;
    this.digests[at + 2] = c;
    this.digests[at + 3] = d;
    this.rows[slot] = stored;
  }

  private grow(): void {
    const oldDigests = this.digests;
    const oldRows = this.rows;
    this.digests = new Uint32Array(oldDigests.length * 2);
    this.rows = new Uint32Array(oldRows.length * 2);
    const mask = this.rows.length - 1;
    for (let old = 0; old < oldRows.length; old += 1) {
      const stored = oldRows[old] as number;
      if (stored === 0) continue;
      const at = old * WORDS;
      const a = oldDigests[at] as number;
      let slot = a & mask;
      while (this.rows[slot] !== 0) slot = (slot + 1) & mask;
      this.digests.set(oldDigests.subarray(at, at + WORDS), slot * WORDS);
      this.rows[slot] = stored;
    }
  }
}
