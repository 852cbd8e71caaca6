import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeEntry, parseEntry } from '../../src/ledger/entry.ts';
import type { LedgerEntry } from '../../src/ledger/ledger.ts';

const entryArb: fc.Arbitrary<LedgerEntry> = fc.record(
  {
    fp: fc.string({ maxLength: 30 }),
    st: fc.constantFrom('synced', 'unknown', 'pending'),
    batch: fc.string({ maxLength: 30 }),
    row: fc.nat(),
    rt: fc.string({ unit: fc.constantFrom('a', '|', '~', '{', ']', '\t', '\u001e', '\u001f', 'ب', '1', ':') }),
    v: fc.dictionary(
      fc.string({ maxLength: 8 }),
      fc.oneof(fc.string(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.dictionary(fc.string(), fc.nat())),
    ),
    ln: fc.array(fc.string({ unit: fc.constantFrom('p', ':', 'k', '|', '1', 'ب') }), { maxLength: 2 }),
    u: fc.array(
      fc.record({ b: fc.string({ maxLength: 8 }), was: fc.dictionary(fc.string({ maxLength: 4 }), fc.string()) }),
      { maxLength: 3 },
    ),
  },
  { requiredKeys: ['fp', 'st', 'batch', 'row'] },
);

describe('ledger entries as stored in Redis', () => {
  it('read back exactly as written, whatever the fields hold', () => {
    fc.assert(
      fc.property(entryArb, (entry) => {
        const text = encodeEntry(entry);
        // An empty row text reads as none: rowTextOf never makes one.
        const expected = entry.rt === '' ? { ...entry, rt: undefined } : entry;
        expect(JSON.parse(JSON.stringify(parseEntry(text)))).toEqual(JSON.parse(JSON.stringify(expected)));
        // A plan's read: the same without the undo steps.
        expect(JSON.parse(JSON.stringify(parseEntry(text, 'plan')))).toEqual(
          JSON.parse(JSON.stringify({ ...expected, u: undefined })),
        );
      }),
      { numRuns: 1000 },
    );
  });

  it("are compact, the record's values and links last as JSON, unless a head field holds the separator", () => {
    const entry: LedgerEntry = { fp: 'abc', st: 'synced', batch: '20261122-0530-ab', row: 4, rt: '#digest' };
    expect(encodeEntry(entry)).toBe('~synced|4|20261122-0530-ab|abc|#digest');
    const record = { ...entry, v: { title: 'a|b', sale_price: 5 }, ln: ['p:7'] };
    expect(encodeEntry(record)).toBe(
      '~synced|4|20261122-0530-ab|abc|#digest|{"v":{"title":"a|b","sale_price":5},"ln":["p:7"]}',
    );
    expect(parseEntry(encodeEntry(record))).toEqual(record);
    expect(encodeEntry({ ...entry, batch: 'a|b' }).startsWith('{')).toBe(true);
    expect(encodeEntry({ ...entry, batch: 'a\tb' }).startsWith('{')).toBe(true);
  });

  it('keep their undo steps last, after a tab: a read for a plan leaves them out, damaged ones read as none', () => {
    const u = [{ b: 'B1', was: {}, c: 1 as const }];
    const record: LedgerEntry = { fp: 'abc', st: 'synced', batch: 'B1', row: 4, v: { title: 'a]' }, u };
    const text = encodeEntry(record);
    expect(text).toBe('~synced|4|B1|abc||{"v":{"title":"a]"}}\t[{"b":"B1","was":{},"c":1}]');
    expect(parseEntry(text)).toEqual(record);
    expect(parseEntry(text, 'plan')).toEqual({ ...record, u: undefined });
    expect(encodeEntry({ fp: 'f', st: 'synced', batch: 'B', row: 2, u })).toBe(
      '~synced|2|B|f||{}\t[{"b":"B1","was":{},"c":1}]',
    );
    const whole = encodeEntry({ ...record, fp: 'a|c' });
    expect(whole).toBe(`${JSON.stringify({ ...record, fp: 'a|c', u: undefined })}\t${JSON.stringify(u)}`);
    expect(parseEntry(whole)).toEqual({ ...record, fp: 'a|c' });
    expect(parseEntry(`${text.slice(0, -2)}x]`)).toEqual({ ...record, u: undefined });
  });

  it('an entry whose head holds a separator is JSON whole, and reads; damaged ones read as absent', () => {
    expect(parseEntry('{"fp":"f","st":"pending","batch":"b","row":2}')).toEqual({
      fp: 'f',
      st: 'pending',
      batch: 'b',
      row: 2,
    });
    for (const bad of ['~synced|x|b|f|', '~gone|2|b|f|', '~synced|2|b', '~synced|2|b|f||{"v":', '{"fp":1}', 'not json'])
      expect(parseEntry(bad)).toBeUndefined();
  });
});
