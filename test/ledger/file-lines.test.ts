import { openSync, closeSync, writeSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LineReader, lineText, scanLines, type Line } from '../../src/ledger/file-lines.ts';
import type { LedgerEntry } from '../../src/ledger/ledger.ts';
import { useTempDir } from '../helpers/use-world.ts';

const e = (batch: string): LedgerEntry => ({ fp: `fp-${batch}`, st: 'synced', batch, row: 2 });
const text = (k: string, entry: LedgerEntry) => `${JSON.stringify({ k, e: entry })}\n`;

const tmp = useTempDir('file-lines', { once: true });

async function offsetsOf(path: string): Promise<Map<string, number>> {
  const at = new Map<string, number>();
  await scanLines(path, (line: Line, offset) => {
    at.set(line.k, offset);
  });
  return at;
}

/** A LineReader over the file, its descriptor closed after `use`. */
function readLines(path: string, flags: 'r' | 'r+', use: (reader: LineReader, fd: number) => void): void {
  const fd = openSync(path, flags);
  try {
    use(new LineReader(fd), fd);
  } finally {
    closeSync(fd);
  }
}

describe('LineReader', () => {
  it('reads a range written after a lookup read the bytes around it while they were zeros', async () => {
    const path = join(tmp.dir, 'late.jsonl');
    const a = text('a', e('1'));
    const b = text('b', e('2'));
    // A range reserved for b, still zeros (its write under way), and c written after it.
    await writeFile(path, a + '\0'.repeat(b.length) + text('c', e('3')));
    readLines(path, 'r+', (reader, fd) => {
      expect(reader.at(0)).toEqual({ k: 'a', e: e('1') });
      writeSync(fd, b, a.length);
      expect(reader.at(a.length)).toEqual({ k: 'b', e: e('2') });
    });
  });

  it('reads lines longer than one read, and every line at the offsets the scan gives', async () => {
    const path = join(tmp.dir, 'long.jsonl');
    const lines = Array.from({ length: 500 }, (_, i) =>
      text(`k${i}`, i % 100 === 7 ? { ...e(String(i)), batch: 'x'.repeat(40_000) } : e(String(i))),
    );
    await writeFile(path, lines.join(''));
    const at = await offsetsOf(path);
    readLines(path, 'r', (reader) => {
      // In file order, then backwards.
      for (const order of [[...at.keys()], [...at.keys()].reverse()]) {
        for (const key of order) expect(reader.at(at.get(key)!)?.k).toBe(key);
      }
      expect((reader.at(at.get('k107')!) as { e: LedgerEntry }).e.batch).toHaveLength(40_000);
    });
  });

  it('reads many lines at once, in the order asked: near ones in one run, far and long ones alone', async () => {
    const path = join(tmp.dir, 'many.jsonl');
    // Every 50th line is long (past a read of its own), and a gap wider than a run spans.
    const lines = Array.from({ length: 3_000 }, (_, i) =>
      text(`k${i}`, i % 50 === 49 ? { ...e(String(i)), batch: 'y'.repeat(5_000) } : e(String(i))),
    );
    await writeFile(path, lines.join('') + ' '.repeat(2 * 1024 * 1024) + '\n' + text('far', e('far')));
    const at = await offsetsOf(path);
    const keys = [...at.keys()].filter((_, i) => i % 3 !== 1);
    const asked = [...keys.slice(0, 1_000).reverse(), 'far', ...keys.slice(1_000), 'k0', 'k49'];
    readLines(path, 'r', (reader) => {
      const read = reader.many(asked.map((key) => at.get(key)!));
      expect(read.map((line) => line?.k)).toEqual(asked);
      expect((read.at(-1) as { e: LedgerEntry }).e.batch).toHaveLength(5_000);
      // Each line is the caller's own, a long one read alone (through at, which keeps the last
      // line it read) too: changing one changes no later answer.
      const [long, short] = reader.many([at.get('k49')!, at.get('k0')!]) as { e: LedgerEntry }[];
      long!.e.batch = 'changed';
      short!.e.batch = 'changed';
      const again = reader.many([at.get('k49')!, at.get('k0')!]) as { e: LedgerEntry }[];
      expect(again.map((line) => line.e.batch)).toEqual(['y'.repeat(5_000), '0']);
      expect(reader.at(at.get('k49')!)).toMatchObject({ e: { batch: 'y'.repeat(5_000) } });
      // A lookup after a run reads its own line, not the run's bytes.
      expect(reader.at(at.get('k2')!)?.k).toBe('k2');
    });
  });

  it('reads each key as written, escaped or not, and a deletion, through the one read of a run', async () => {
    const path = join(tmp.dir, 'keys.jsonl');
    // Keys JSON writes with escapes (a quote, a backslash, a control character), one that looks
    // like the line's own next field, non-ASCII ones; a deletion between them.
    const keys = ['p:1', 'k:barcode:a"b', 'k:barcode:a\\', 'k:sku:\t1', 'k:sku:x","e":', 'k:barcode:٦٢٨', 'k:sku:é'];
    const lines: Line[] = keys.map((k, i) => ({ k, e: { ...e(String(i)), v: { title: `t${i}` } } }));
    lines.splice(3, 0, { k: 'p:2', d: 1 });
    await writeFile(path, lines.map((line) => `${lineText(line)}\n`).join(''));
    const at = await offsetsOf(path);
    expect([...at.keys()]).toEqual(lines.map((line) => line.k));
    readLines(path, 'r', (reader) => {
      for (const part of ['plan', 'whole'] as const) {
        expect(reader.many([...at.values()], part)).toEqual(lines);
        for (const line of lines) expect(reader.at(at.get(line.k)!, part)).toEqual(line);
      }
    });
  });

  it("reads a record's undo steps only when asked for it whole: a plan's read leaves them unparsed", async () => {
    const path = join(tmp.dir, 'steps.jsonl');
    const steps = [
      { b: 'B1', was: {}, c: 1 as const },
      { b: 'B2', was: { title: 'a\tb ]', sale_price: 10 } },
    ];
    const record: LedgerEntry = { ...e('B2'), v: { title: 'x]' }, ln: ['k:barcode:1'], u: steps };
    const written = lineText({ k: 'p:1', e: record });
    // One tab, before the steps: a JSON text holds none.
    expect(written.split('\t')).toHaveLength(2);
    expect(written.endsWith(JSON.stringify(steps))).toBe(true);
    // A damaged steps part reads as no steps; the record still reads (never created twice).
    const damaged = `${lineText({ k: 'p:2', e: { ...record, u: undefined } })}\t[{"b":`;
    await writeFile(
      path,
      `${written}\n${text('p:3', e('3'))}${lineText({ k: 'p:4', e: { ...record, u: [] } })}\n${damaged}]\n`,
    );
    const at = await offsetsOf(path);
    const fd = openSync(path, 'r');
    try {
      const reader = new LineReader(fd);
      const offsets = ['p:1', 'p:3', 'p:4', 'p:2'].map((key) => at.get(key)!);
      const { u: _, ...planPart } = record;
      expect(reader.many(offsets, 'plan').map((line) => (line as { e: LedgerEntry }).e)).toEqual([
        planPart,
        e('3'),
        planPart,
        planPart,
      ]);
      expect(reader.many(offsets).map((line) => (line as { e: LedgerEntry }).e)).toEqual([
        record,
        e('3'),
        { ...record, u: [] },
        planPart,
      ]);
      // The last line read is kept; a read whole after a plan's read of it parses its steps.
      expect(reader.at(offsets[0]!, 'plan')).toEqual({ k: 'p:1', e: planPart });
      expect(reader.at(offsets[0]!)).toEqual({ k: 'p:1', e: record });
      expect(reader.at(offsets[0]!, 'plan')).toEqual({ k: 'p:1', e: record });
    } finally {
      closeSync(fd);
    }
  });
});
