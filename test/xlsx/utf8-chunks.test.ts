import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Utf8Chunks } from '../../src/xlsx/write/utf8-chunks.ts';

function gather(texts: readonly string[]): Buffer {
  const chunks = new Utf8Chunks();
  const out: Buffer[] = [];
  for (const text of texts) {
    const full = chunks.add(text);
    if (full) out.push(Buffer.from(full));
  }
  const rest = chunks.take();
  if (rest) out.push(rest);
  return Buffer.concat(out);
}

describe('Utf8Chunks', () => {
  it('gives back exactly the UTF-8 of the texts, in order, whatever their sizes', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.string({ unit: 'grapheme' }),
            fc.constant('منتج 😀 '.repeat(20_000)),
            fc.constant('x'.repeat(90_000)),
          ),
          { maxLength: 30 },
        ),
        (texts) => {
          expect(gather(texts).equals(Buffer.from(texts.join(''), 'utf8'))).toBe(true);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('hands on full chunks while text comes, not only at the end', () => {
    const chunks = new Utf8Chunks();
    let handed = 0;
    for (let i = 0; i < 10_000; i++) if (chunks.add(`<row>منتج رقم ${i}</row>`)) handed++;
    expect(handed).toBeGreaterThan(0);
  });
});
