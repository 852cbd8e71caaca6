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
    rt: fc.string({ unit: fc.constantFrom('a', '|', '~', '{', '\u001e', '\u001f', 'ب', '1', ':') }),
  },
  { requiredKeys: ['fp', 'st', 'batch', 'row'] },
);

describe('ledger entries as stored in Redis', () => {
  it('read back exactly as written, whatever the fields hold', () => {
    fc.assert(
      fc.property(entryArb, (entry) => {
        const back = parseEntry(encodeEntry(entry));
        // An empty row text reads as none: rowTextOf never makes one.
        const expected = entry.rt === '' ? { ...entry, rt: undefined } : entry;
        expect(JSON.parse(JSON.stringify(back))).toEqual(JSON.parse(JSON.stringify(expected)));
      }),
      { numRuns: 1000 },
    );
  });

  it('are compact unless a field other than the row text holds the separator', () => {
    const entry: LedgerEntry = { fp: 'abc', st: 'synced', batch: '20261122-0530-ab', row: 4, rt: 'sig\u001e3:a|b' };
    expect(encodeEntry(entry)).toBe('~synced|4|20261122-0530-ab|abc|sig\u001e3:a|b');
    expect(encodeEntry({ ...entry, batch: 'a|b' }).startsWith('{')).toBe(true);
  });

  it('written as JSON by earlier versions still read; damaged ones read as absent', () => {
    expect(parseEntry('{"fp":"f","st":"pending","batch":"b","row":2}')).toEqual({
      fp: 'f',
      st: 'pending',
      batch: 'b',
      row: 2,
    });
    for (const bad of ['~synced|x|b|f|', '~gone|2|b|f|', '~synced|2|b', '{"fp":1}', 'not json'])
      expect(parseEntry(bad)).toBeUndefined();
  });
});
