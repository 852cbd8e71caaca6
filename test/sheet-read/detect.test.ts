import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { detectDelimiter, detectEncoding, detectSepHint } from '../../src/sheet/read/csv-detect.ts';
import { sniffFileKind } from '../../src/sheet/read/sniff.ts';

const bytes = (text: string, encoding: string): Uint8Array => iconv.encode(text, encoding);

describe('detectEncoding: BOMs first, then UTF-8 (but for a few bytes), else Windows-1256', () => {
  it.each([
    ['UTF-8 with BOM', Buffer.from('\uFEFFعنوان,سعر', 'utf8'), 'utf-8', 3],
    ['UTF-8 without BOM', Buffer.from('عنوان,سعر', 'utf8'), 'utf-8', 0],
    ['plain ASCII', Buffer.from('title,price', 'utf8'), 'utf-8', 0],
    ['UTF-16LE with BOM', bytes('\uFEFFعنوان\tسعر', 'utf-16le'), 'utf-16le', 2],
    ['UTF-16LE without BOM, English', bytes('title\tprice', 'utf-16le'), 'utf-16le', 0],
    ['UTF-16LE without BOM, mostly Arabic', bytes('sku\tالعنوان والوصف الكامل للمنتج', 'utf-16le'), 'utf-16le', 0],
    ['UTF-16BE with BOM', bytes('\uFEFFtitle', 'utf-16be'), 'utf-16be', 2],
    ['Windows-1256 Arabic', bytes('عنوان,سعر', 'windows-1256'), 'windows-1256', 0],
    // A sample cut in the middle of a two-byte character is still UTF-8.
    ['UTF-8 cut mid-character', Buffer.from('عنوان', 'utf8').subarray(0, 5), 'utf-8', 0],
    // One character cut to its first byte does not make a UTF-8 file Windows-1256.
    [
      'UTF-8 but for one byte',
      Buffer.concat([Buffer.from('Ünïcödé — “quotes”,', 'utf8'), Buffer.from([0x43, 0xc3, 0x20])]),
      'utf-8',
      0,
    ],
    // A letter before the Arabic comma (C8 A1) is a valid UTF-8 pair; the rest is not.
    ['Windows-1256 Arabic with a comma', bytes('كوب، أحمر، شاي، قهوة', 'windows-1256'), 'windows-1256', 0],
    ['Windows-1256 French', bytes('café,crème', 'windows-1256'), 'windows-1256', 0],
  ])('%s', (_label, sample, encoding, bomLength) => {
    expect(detectEncoding(sample)).toEqual({ encoding, bomLength });
  });
});

describe('detectDelimiter: the most frequent of , ; tab in the header line, outside quotes', () => {
  it.each([
    ['title,price,qty', ','],
    ['title;price;qty', ';'],
    ['title\tprice\tqty', '\t'],
    ['"a,b,c";price', ';'],
    ['"title\n,,,";x;y\nmore,,,,', ';'],
    ['title', ','],
    ['title;price\na,b,c,d,e', ';'],
  ])('%j -> %j', (header, delimiter) => {
    expect(detectDelimiter(header)).toBe(delimiter);
  });
});

describe("detectSepHint: Excel's first-line delimiter hint", () => {
  it.each([
    ['sep=;\r\ntitle;price', ';'],
    ['sep=,\ntitle,price', ','],
    ['sep=\t\ntitle', '\t'],
    ['title;price\nsep=;', null],
    ['sep=;', null],
  ])('%j -> %j', (text, expected) => {
    expect(detectSepHint(text)).toBe(expected);
  });
});

describe('sniffFileKind: from the first bytes, never the name', () => {
  it.each([
    [Buffer.from('504b0304', 'hex'), 'zip'],
    [Buffer.from('title,price\n'), 'text'],
    [bytes('\uFEFFtitle', 'utf-16le'), 'text'],
    [bytes('sku\tالعنوان والوصف الكامل للمنتج', 'utf-16le'), 'text'],
    [Buffer.from('d0cf11e0a1b11ae1', 'hex'), 'legacy_xls'],
    [Buffer.from('%PDF-1.7'), 'not_a_sheet'],
    [Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 0, 1, 0, 2]), 'not_a_sheet'],
    [Buffer.alloc(0), 'empty_file'],
  ])('%s -> %s', (head, expected) => {
    const kind = sniffFileKind(head);
    expect(kind.kind === 'unsupported' ? kind.code : kind.kind).toBe(expected);
  });
});
