/**
 * The file ledger's lines on disk: `{"k": key, "e": entry}` or `{"k": key, "d": 1}` (deleted), one
 * JSON object a line. Read whole at open (scanLines, which also says where each line starts) and
 * then one line at a time where the index points (LineReader), so the entries stay on disk.
 */
import { createReadStream, readSync } from 'node:fs';
import type { LedgerEntry } from './ledger.ts';
import { isLedgerEntry } from './entry.ts';
import { isRowDigest } from './fingerprint.ts';

export type Line = { k: string; e: LedgerEntry } | { k: string; d: 1 };

const NEWLINE = 0x0a;
const ZERO = 0x00;
/** Bytes read at a time while lookups walk through the file in order: about 80 lines of a ledger. */
const BLOCK = 16 * 1024;
/** Bytes read for a lookup elsewhere: a line or a few (a 16 KiB copy would cost more than the read). */
const SHORT_READ = 1024;

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

export function parseLine(text: string): Line | undefined {
  if (text.trim() === '') return undefined;
  try {
    const value = JSON.parse(text) as Record<string, unknown>;
    if (typeof value.k !== 'string') return undefined;
    if (value.d === 1) return { k: value.k, d: 1 };
    return isLedgerEntry(value.e) ? { k: value.k, e: withoutRowText(value.e) } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * An entry of an earlier version holds the row's whole text: only a shortcut of the delta check
 * (the fingerprint still decides), so it is not handed on.
 */
function withoutRowText(entry: LedgerEntry): LedgerEntry {
  if (entry.rt === undefined || isRowDigest(entry.rt)) return entry;
  const { rt: _text, ...rest } = entry;
  return rest;
}

/**
 * Every whole line of the file in order, with the byte offset where its JSON starts. A last line
 * with no newline (torn by a crash mid-write) is not a line: `torn` says it is there.
 */
export async function scanLines(
  path: string,
  onLine: (line: Line, offset: number) => void | Promise<void>,
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
        const line = parseLine(data.toString('utf8', from, end));
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
 * it is in the page cache. Lines are read a block at a time and served from the block while the
 * offsets asked for fall in it: a delta sync asks for its rows in sheet order, which is the order
 * an earlier sync wrote them in, so one read serves dozens of lookups (bench/delta.ts). The block
 * is dropped whenever a write ends (`written`): it may have been read while that range was
 * still zeros.
 */
export class LineReader {
  private block = Buffer.alloc(BLOCK);
  private blockStart = 0;
  private blockLength = 0;
  private lastOffset = -1;
  private lastLine: Line | undefined;

  constructor(private fd: number) {}

  /** The file was replaced (compaction): read the new one. Lines never change in place otherwise. */
  reopen(fd: number): void {
    this.fd = fd;
    this.written();
    this.lastOffset = -1;
    this.lastLine = undefined;
  }

  /** A write ended: ranges the block holds may have been filled since it was read. */
  written(): void {
    this.blockLength = 0;
  }

  at(offset: number): Line | undefined {
    if (offset === this.lastOffset) return this.lastLine;
    let end = this.lineEnd(offset);
    // A whole block when the lookups walk on through the file, else a line's worth. A line longer
    // than that (an earlier version's row text) is read again, twice as far.
    const walking = offset >= this.blockStart && offset <= this.blockStart + this.blockLength + SHORT_READ;
    for (let size = walking ? BLOCK : SHORT_READ; end < 0; size *= 2) {
      const filled = this.read(offset, size);
      end = this.lineEnd(offset);
      if (!filled) break;
    }
    const from = offset - this.blockStart;
    const line = end < 0 ? undefined : parseLine(this.block.toString('utf8', from, end));
    this.lastOffset = offset;
    this.lastLine = line;
    return line;
  }

  /** Where in the block the line at `offset` ends, or -1 when the block does not hold it whole. */
  private lineEnd(offset: number): number {
    const from = offset - this.blockStart;
    if (from < 0 || from >= this.blockLength) return -1;
    const end = this.block.indexOf(NEWLINE, from);
    return end >= 0 && end < this.blockLength ? end : -1;
  }

  /** Whether the read filled all `size` bytes (the file goes on past them). */
  private read(offset: number, size: number): boolean {
    if (this.block.length < size) this.block = Buffer.alloc(size);
    this.blockStart = offset;
    this.blockLength = readSync(this.fd, this.block, 0, size, offset);
    return this.blockLength === size;
  }
}
