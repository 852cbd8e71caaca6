import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvCell } from '../../src/report/csv-writers.ts';
import { neutraliseCell } from '../../src/files/formula-guard.ts';
import { xmlText } from '../../src/xlsx/write/xml-text.ts';

// The regexes the character scans replaced: the scans must decide exactly as they did.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const NEEDS_WORK = /[&<>\r\x00-\x08\x0B\x0C\x0E-\x1F\uD800-\uDFFF\uFFFE\uFFFF]|_x/;
const PARTS =
  // eslint-disable-next-line no-control-regex -- as above
  /[\uD800-\uDBFF][\uDC00-\uDFFF]|_(?=x[0-9A-Fa-f]{4}_)|[&<>\r\x00-\x08\x0B\x0C\x0E-\x1F\uD800-\uDFFF\uFFFE\uFFFF]/g;
const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

const REPLACEMENTS: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '\r': '&#13;', _: '_x005F_' };

function regexXmlText(text: string): string {
  return NEEDS_WORK.test(text)
    ? text.replace(PARTS, (part) => (part.length === 2 ? part : (REPLACEMENTS[part] ?? '')))
    : text;
}

function regexCsvCell(value: string): string {
  const cell = neutraliseCell(value);
  return NEEDS_QUOTES.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell;
}

/** Strings rich in what matters: markup, controls, surrogate halves, `_x`, Unicode spaces, quotes, Arabic. */
const tricky = fc
  .array(
    fc.oneof(
      fc.string({ unit: 'binary' }),
      fc.constantFrom(
        '&',
        '<',
        '>',
        '\r',
        '\n',
        '\t',
        '\u0001',
        '\u000B',
        '\uD800',
        '\uDC00',
        '😀',
        '\uFFFE',
        '\uFFFF',
        '_x',
        '_x0041_',
        '"',
        ',',
        ' ',
        '\u00A0',
        '\u2003',
        '\u3000',
        '\uFEFF',
        'شاي',
        '=',
        '-5',
        '@',
      ),
    ),
    { maxLength: 8 },
  )
  .map((parts) => parts.join(''));

describe('cell escaping scans', () => {
  it('xmlText escapes exactly as the regex version did', () => {
    fc.assert(
      fc.property(tricky, (text) => {
        expect(xmlText(text)).toBe(regexXmlText(text));
      }),
      { numRuns: 5_000 },
    );
  });

  it('csvCell quotes exactly as the regex version did', () => {
    fc.assert(
      fc.property(tricky, (text) => {
        expect(csvCell(text)).toBe(regexCsvCell(text));
      }),
      { numRuns: 5_000 },
    );
  });
});
