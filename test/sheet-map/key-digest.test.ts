import { describe, expect, it } from 'vitest';
import { keyDigest } from '../../src/sheet/key-digest.ts';

function digest(key: string): string {
  const out = new Uint32Array(4);
  keyDigest(key, out);
  return [...out].join(':');
}

describe('keyDigest', () => {
  it('tells apart keys that differ in one code unit, a lone surrogate, a trailing NUL or their length', () => {
    const keys = [
      '',
      'a',
      'a\0',
      '\0a',
      'ab',
      'ba',
      '\uD800',
      '\uDC00',
      '\uFFFD',
      's:111',
      's:111 ',
      'n:111',
      'شاي',
      'شاى',
    ];
    expect(new Set(keys.map(digest)).size).toBe(keys.length);
    expect(digest('s:6291000000001')).toBe(digest('s:6291000000001'));
  });

  it('spreads a million sequential barcodes: no two share even 64 of the 128 bits, and the low bits fill a table evenly', () => {
    const out = new Uint32Array(4);
    const seen = new Set<string>();
    const buckets = new Uint32Array(1024);
    for (let i = 0; i < 1_000_000; i++) {
      keyDigest(`k:barcode:${6_291_000_000_000 + i}`, out);
      seen.add(`${out[0]}:${out[1]}`);
      buckets[out[0]! & 1023]! += 1;
    }
    expect(seen.size).toBe(1_000_000);
    // 977 a bucket on average; a uniform spread stays within about 5 standard deviations (31).
    expect(Math.min(...buckets)).toBeGreaterThan(977 - 160);
    expect(Math.max(...buckets)).toBeLessThan(977 + 160);
  });
});
