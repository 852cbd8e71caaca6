/**
 * Whatever byte boundaries the zip stream hands us (mid-tag, mid-entity, mid-character), the
 * rows come out the same: the property behind "Arabic text byte-exact".
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { XlsxRow } from '../../src/xlsx/read/model.ts';
import { SheetRowParser } from '../../src/xlsx/read/sheet-parser.ts';
import { XmlScanner } from '../../src/xlsx/read/xml-scanner.ts';
import { stringsInMemory } from '../../src/xlsx/read/string-table.ts';

const SHEET = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<x:worksheet xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><x:sheetData>
<!-- a comment with <tags> -->
<x:row r="1"><x:c r="A1" t="s"><x:v>0</x:v></x:c><x:c r="B1" t="inlineStr"><x:is><x:t>العنوان</x:t></x:is></x:c></x:row>
<x:row r="3" spans="1:4"><x:c r="A3" t="inlineStr"><x:is><x:r><x:t xml:space="preserve">قميص </x:t></x:r><x:r><x:t>&quot;أزرق&quot; &amp; 🚚</x:t></x:r><x:rPh><x:t>ignored</x:t></x:rPh></x:is></x:c>
<x:c r="C3" s="1"><x:v>45306.5</x:v></x:c><x:c r="D3" t="e"><x:v>#DIV/0!</x:v></x:c></x:row>
<x:row r="4"><x:c r="B4" t="str"><x:f>A1&amp;"x"</x:f><x:v><![CDATA[a<b]]></x:v></x:c><x:c r="C4" t="b"><x:v>1</x:v></x:c><x:c r="D4" attr='q">'><x:v>-1.5E-3</x:v></x:c></x:row>
</x:sheetData></x:worksheet>`;

const context = {
  sharedStrings: stringsInMemory(['title']),
  dateStyles: [false, true],
  date1904: false,
  maxRowChars: 1_000,
};

function parseInChunks(bytes: Uint8Array, cuts: number[]): XlsxRow[] {
  const parser = new SheetRowParser(context);
  const scanner = new XmlScanner(parser);
  const decoder = new TextDecoder('utf-8');
  const rows: XlsxRow[] = [];
  let from = 0;
  for (const cut of [...cuts, bytes.length]) {
    scanner.write(decoder.decode(bytes.subarray(from, cut), { stream: true }));
    rows.push(...parser.take());
    from = cut;
  }
  scanner.write(decoder.decode());
  scanner.end();
  return [...rows, ...parser.take()];
}

const EXPECTED: XlsxRow[] = [
  { row: 1, values: ['title', 'العنوان'] },
  { row: 3, values: ['قميص "أزرق" & 🚚', null, new Date(Date.UTC(2024, 0, 15, 12)), { error: '#DIV/0!' }] },
  { row: 4, values: [null, 'a<b', true, -0.0015] },
];

describe('the XML scanner over arbitrary chunk boundaries', () => {
  const bytes = new TextEncoder().encode(SHEET);

  it('reads the sheet in one piece', () => {
    expect(parseInChunks(bytes, [])).toEqual(EXPECTED);
  });

  it('reads the same rows however the bytes are cut', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 1, max: bytes.length - 1 }), { maxLength: 40 }), (cuts) => {
        expect(
          parseInChunks(
            bytes,
            cuts.sort((a, b) => a - b),
          ),
        ).toEqual(EXPECTED);
      }),
      { numRuns: 300 },
    );
  });

  it('reads the same rows one byte at a time', () => {
    expect(
      parseInChunks(
        bytes,
        Array.from({ length: bytes.length - 1 }, (_, i) => i + 1),
      ),
    ).toEqual(EXPECTED);
  });
});
