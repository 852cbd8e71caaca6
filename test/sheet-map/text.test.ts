/** Mojibake and replaced-character detection, bidi cleaning (src/sheet/map/text.ts). */
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { cleanText, detectMojibake, detectReplaced } from '../../src/sheet/map/text.ts';

function misread(text: string, encoding: string): string {
  return iconv.decode(Buffer.from(text, 'utf8'), encoding);
}

describe('detectMojibake', () => {
  it.each([
    'قهوة عربية',
    'تمر سكري فاخر',
    'ظبي، طيب؟ عطر',
    'Café crème',
    'São Paulo',
    'Øresund',
    'Ünal',
    'price 12.50',
    '',
  ])('genuine text %j is not mojibake', (text) => expect(detectMojibake(text)).toBeNull());

  it.each(['قهوة عربية', 'العربية', 'شاي', 'مرحبا بكم'])('UTF-8 %j read as Windows-1256 is found', (text) => {
    expect(detectMojibake(misread(text, 'windows-1256'))).toBe('windows-1256');
  });

  it.each(['Café', 'crème brûlée', 'Ünal', 'long — dash', '“quotes”', '👍', 'São Paulo'])(
    'UTF-8 Latin, punctuation or emoji %j read as Windows-1256 is found',
    (text) => expect(detectMojibake(misread(text, 'windows-1256'))).toBe('windows-1256'),
  );

  it.each(['مبدأ، ثم', 'شكراً، جزيلاً', 'أيضاً…', 'café… à la carte', 'à €5'])(
    'genuine text %j that has a lead character before punctuation is not mojibake',
    (text) => expect(detectMojibake(text)).toBeNull(),
  );

  it.each(['العربية', 'Café', 'crème brûlée'])('UTF-8 %j read as Windows-1252 is found', (text) => {
    expect(detectMojibake(misread(text, 'windows-1252'))).toBe('windows-1252');
  });
});

describe('detectReplaced', () => {
  it.each([
    ['كوب \uFFFDحمر', true, 'replacement_character'],
    ['caf\uFFFD', false, 'replacement_character'],
    ['??? ????', true, 'question_marks'],
    ['(????) 500', true, 'question_marks'],
    ['iPhone ????', true, 'question_marks'],
    ['???', false, 'question_marks'],
  ] as const)('%j (Arabic column: %s) is %s', (text, arabic, kind) => expect(detectReplaced(text, arabic)).toBe(kind));

  it.each([
    ['Is it new??', false],
    ['What ?? Really', false],
    ['ما هذا ??', true],
    ['هل هو جديد؟', true],
    ['?', true],
    ['a?b?c', false],
    ['iPhone ????', false],
  ] as const)('%j (Arabic column: %s) is genuine', (text, arabic) => expect(detectReplaced(text, arabic)).toBeNull());
});

describe('cleanText', () => {
  it('removes bidi controls and BOM, trims, keeps everything else', () => {
    expect(cleanText('\uFEFF \u202Bشاي\u202C \u2066x\u2069 ')).toBe('شاي x');
  });
});
