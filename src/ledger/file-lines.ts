/**
 * The file ledger's lines on disk: `{"k": key, "e": entry}` or `{"k": key, "d": 1}` (deleted), one
 * JSON object a line, an entry's undo steps after it behind a tab (entry.ts withSteps). Read whole
 * at open (scanLines, which also says where each line starts) and then one line at a time where
 * the index points (LineReader), so the entries stay on disk. A read for a plan decodes and parses
 * a line up to its tab only.
 */
import { createReadStream, readSync } from 'node:fs';
import type { LedgerEntry, RecordPart } from './ledger.ts';
import { isLedgerEntry, stepsOf, withSteps } from './entry.ts';

export type Line = { k: string; e: LedgerEntry } | { k: string; d: 1 };

const NEWLINE = 0x0a;
const ZERO = 0x00;
const TAB = 0x09;
/** `]`: a line ends so only when its entry's undo steps follow it (a JSON object ends with `}`). */
const STEPS_END = 0x5d;
/** Bytes read for a lookup: a ledger line is about 200. */
const LINE_READ = 1024;
/**
 * Lines looked up together (many) are read in runs: one read spans lines at most this far apart,
 * about what one read costs in copying, so a run never reads more than it saves...
 */
const RUN_GAP = 4 * 1024;
/** ...and at most this much at once. */
const RUN_MAX = 1024 * 1024;

/**
 * After a power cut, lines written but not yet synchronised can read back as zero bytes (the
 * file's length reached the disk, their data did not), with no newline before the next line
 * that was synchronised: that line, after the zeros, is whole. Zeros also stand where a write
 * failed mid-way, before the next write's range. Returns where the line's JSON starts.
 */
function afterZeros(bytes: Uint8Array, start: number, end: number): number {
  const zero = bytes.lastIndexOf(ZERO, end - 1);
  return zero >= start ? zero + 1 : start;
}

/** A line as written: its undo steps, if any, after a tab. */
export function lineText(line: Line): string {
  if (!('e' in line) || line.e.u === undefined) return JSON.stringify(line);
  return withSteps(JSON.stringify({ k: line.k, e: { ...line.e, u: undefined } }), line.e.u);
}

/** The line in `bytes` from `start` to `end` (its newline), whole or without its undo steps (`plan`). */
export function lineAt(bytes: Buffer, start: number, end: number, part: RecordPart): Line | undefined {
  // The steps hold no tab (JSON): the last one is where they start.
  const tab = end > start && bytes[end - 1] === STEPS_END ? bytes.lastIndexOf(TAB, end - 1) : -1;
  const steps = tab >= start;
  const line = parseLine(bytes.toString('utf8', start, steps ? tab : end));
  if (line && 'e' in line && steps && part === 'whole') {
    const u = stepsOf(bytes.toString('utf8', tab + 1, end));
    if (u !== undefined) line.e.u = u;
  }
  return line;
}

function parseLine(text: string): Line | undefined {
  if (text.trim() === '') return undefined;
  try {
    const value = JSON.parse(text) as Record<string, unknown>;
    if (typeof value.k !== 'string') return undefined;
    if (value.d === 1) return { k: value.k, d: 1 };
    return isLedgerEntry(value.e) ? { k: value.k, e: value.e } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Every whole line of the file in order, with the byte offset where its JSON starts. A last line
 * with no newline (torn by a crash mid-write) is not a line: `torn` says it is there.
 */
export async function scanLines(
  path: string,
  onLine: (line: Line, offset: number) => void | Promise<void>,
  part: RecordPart = 'whole',
): Promise<{ lines: number; bytes: number; torn: boolean }> {
  let lines = 0;
  let bytes = 0;
  let carry: Buffer = Buffer.alloc(0);
  try {
    for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) {
      const data = carry.length > 0 ? Buffer.concat([carry, chunk]) : chunk;
      const base = bytes - carry.length;
      let start = 0;
      for (let end = data.indexOf(NEWLINE); end >= 0; end = data.indexOf(NEWLINE, start)) {
        const from = afterZeros(data, start, end);
        const line = lineAt(data, from, end, part);
        if (line) {
          lines += 1;
          // A caller that writes what it reads waits here for its output to drain.
          const waiting = onLine(line, base + from);
          if (waiting) await waiting;
        }
        start = end + 1;
      }
      // Copied: a slice would keep the whole chunk alive until the next newline.
      carry = Buffer.from(data.subarray(start));
      bytes += chunk.length;
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { lines: 0, bytes: 0, torn: false };
    throw error;
  }
  return { lines, bytes, torn: carry.length > 0 };
}

/**
 * Reads the line at an offset the index holds, synchronously: the ledger's lookups answer before
 * any await (a claim is checked and set in one step), and the line was just written or read, so
 * it is in the page cache. Each lookup (at) reads its own line: serving the next lines from the
 * bytes of one read saved about 0.2 µs a lookup (within noise of a delta sync, bench/delta.ts), and
 * those bytes could go stale where a range was still being written. Many lines asked at once
 * (many: a planner's chunk) are read in runs, each parsed only where the index points, within the
 * one call: a read a line cost a third of the guard's time (bench/one-plan.ts). The last line read is kept:
 * a lookup reads it to check the key, and again for its entry, and a written line never changes.
 */
export class LineReader {
  private buffer = Buffer.alloc(LINE_READ);
  private lastOffset = -1;
  private lastLine: Line | undefined;
  private lastPart: RecordPart = 'whole';

  constructor(private fd: number) {}

  /** The file was replaced (compaction): read the new one. */
  reopen(fd: number): void {
    this.fd = fd;
    this.lastOffset = -1;
    this.lastLine = undefined;
  }

  at(offset: number, part: RecordPart = 'whole'): Line | undefined {
    if (offset === this.lastOffset && (this.lastPart === 'whole' || part === 'plan')) return this.lastLine;
    let end = -1;
    // A line longer than a read (a record with long values) is read again, twice as far.
    for (let size = LINE_READ; end < 0; size *= 2) {
      if (this.buffer.length < size) this.buffer = Buffer.alloc(size);
      const read = readSync(this.fd, this.buffer, 0, size, offset);
      end = this.buffer.subarray(0, read).indexOf(NEWLINE);
      if (read < size) break;
    }
    const line = end < 0 ? undefined : lineAt(this.buffer, 0, end, part);
    this.lastOffset = offset;
    this.lastLine = line;
    this.lastPart = part;
    return line;
  }

  /**
   * The lines at many offsets, in the order asked: the offsets sorted, and lines close together in
   * the file read in one run (a guard's chunk of 250 rows, synced in sheet order, is a few runs
   * instead of 250 reads). A line running past its run's end is read on its own. Each line is
   * the caller's own (parsed for it alone): no copy to make of what a planner reads.
   */
  many(offsets: readonly number[], part: RecordPart = 'whole'): (Line | undefined)[] {
    const order = [...offsets.keys()].sort((a, b) => offsets[a]! - offsets[b]!);
    const out: (Line | undefined)[] = new Array<Line | undefined>(offsets.length);
    for (let first = 0; first < order.length;) {
      const start = offsets[order[first]!]!;
      let last = first;
      while (last + 1 < order.length) {
        const next = offsets[order[last + 1]!]!;
        if (next - offsets[order[last]!]! > RUN_GAP || next - start + LINE_READ > RUN_MAX) break;
        last += 1;
      }
      const size = offsets[order[last]!]! - start + LINE_READ;
      if (this.buffer.length < size) this.buffer = Buffer.alloc(size);
      const read = readSync(this.fd, this.buffer, 0, size, start);
      // Only the run's last line can run past its end (the others end before the next starts):
      // read alone, it reuses the buffer once the run is done with it.
      for (let i = first; i <= last; i++) {
        const at = offsets[order[i]!]! - start;
        const end = this.buffer.indexOf(NEWLINE, at);
        out[order[i]!] =
          end >= 0 && end < read ? lineAt(this.buffer, at, end, part) : ownCopy(this.at(at + start, part));
      }
      first = last + 1;
    }
    return out;
  }
}

/** A line kept by the reader (at), copied for a caller that may change its entry. */
function ownCopy(line: Line | undefined): Line | undefined {
  return line && 'e' in line ? { k: line.k, e: { ...line.e } } : line;
}
