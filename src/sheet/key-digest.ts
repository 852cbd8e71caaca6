/**
 * A 128-bit digest of a key, for the per-sheet duplicate checks (first-rows.ts): MurmurHash3's
 * x86 128-bit mixing, fed the key's UTF-16 code units two to a 32-bit word. It runs for every
 * row, once or twice: SHA-256 through node:crypto cost about 1.8 µs a key with its buffer, and
 * stood out in a CPU profile of a delta sync (bench/delta.ts); this costs a fifth of that or less.
 * Not a defence against a crafted collision, which only the sheet's own author could make:
 * for keys of real sheets the odds that two share a digest are about n²/2¹²⁹.
 *
 * Code units, not UTF-8 bytes: UTF-8 turns every lone surrogate into U+FFFD, which would make
 * distinct strings one key. The four words land in `out` (no allocation per key).
 */

const C1 = 0x239b961b;
const C2 = 0xab0e9789;
const C3 = 0x38b34ae5;
const C4 = 0xa1e38b93;

function rotl(x: number, r: number): number {
  return (x << r) | (x >>> (32 - r));
}

function fmix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return h ^ (h >>> 16);
}

/** The 32-bit word of code units 2i and 2i + 1 (0 past the end). */
function word(key: string, i: number): number {
  const at = i * 2;
  const low = at < key.length ? key.charCodeAt(at) : 0;
  const high = at + 1 < key.length ? key.charCodeAt(at + 1) : 0;
  return low | (high << 16);
}

export function keyDigest(key: string, out: Uint32Array): void {
  const words = Math.ceil(key.length / 2);
  const blocks = words >>> 2;
  let h1 = 0;
  let h2 = 0;
  let h3 = 0;
  let h4 = 0;
  for (let b = 0; b < blocks; b++) {
    const k1 = Math.imul(rotl(Math.imul(word(key, b * 4), C1), 15), C2);
    h1 = (Math.imul(rotl(h1 ^ k1, 19) + h2, 5) + 0x561ccd1b) | 0;
    const k2 = Math.imul(rotl(Math.imul(word(key, b * 4 + 1), C2), 16), C3);
    h2 = (Math.imul(rotl(h2 ^ k2, 17) + h3, 5) + 0x0bcaa747) | 0;
    const k3 = Math.imul(rotl(Math.imul(word(key, b * 4 + 2), C3), 17), C4);
    h3 = (Math.imul(rotl(h3 ^ k3, 15) + h4, 5) + 0x96cd1c35) | 0;
    const k4 = Math.imul(rotl(Math.imul(word(key, b * 4 + 3), C4), 18), C1);
    h4 = (Math.imul(rotl(h4 ^ k4, 13) + h1, 5) + 0x32ac3b17) | 0;
  }
  // The last words, fewer than four (zeros past the key's end).
  const tail = words - blocks * 4;
  if (tail > 2) h3 ^= Math.imul(rotl(Math.imul(word(key, blocks * 4 + 2), C3), 17), C4);
  if (tail > 1) h2 ^= Math.imul(rotl(Math.imul(word(key, blocks * 4 + 1), C2), 16), C3);
  if (tail > 0) h1 ^= Math.imul(rotl(Math.imul(word(key, blocks * 4), C1), 15), C2);
  const bytes = key.length * 2;
  h1 ^= bytes;
  h2 ^= bytes;
  h3 ^= bytes;
  h4 ^= bytes;
  h1 = (h1 + h2 + h3 + h4) | 0;
  h2 = (h2 + h1) | 0;
  h3 = (h3 + h1) | 0;
  h4 = (h4 + h1) | 0;
  h1 = fmix(h1);
  h2 = fmix(h2);
  h3 = fmix(h3);
  h4 = fmix(h4);
  h1 = (h1 + h2 + h3 + h4) | 0;
  out[0] = h1;
  out[1] = (h2 + h1) | 0;
  out[2] = (h3 + h1) | 0;
  out[3] = (h4 + h1) | 0;
}
