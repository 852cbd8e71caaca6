/**
 * Where a workbook's shared strings are kept while its rows are read. A small table stays in
 * memory as plain strings. Past `inMemoryChars` characters, each further string goes to a temporary
 * file and only its offset stays in memory (4 bytes), so a large catalog's titles and
 * descriptions (about 70 MB of heap for 100,000 Arabic rows, bench/scale.ts memory) no longer
 * grow the process with its rows.
 *
 * The row pass asks for strings mostly in the order Excel wrote them (each new string of a row is
 * appended to the table when first met), so the file is read forward a block at a time; a string
 * met again further down the sheet (a category name, an option) is read back on its own. The
 * strings before the spill point (the first rows', where most repeated values appear first) stay
 * in memory.
 *
 * The file is made in the operating system's temporary directory, readable by this user only, and
 * removed from the directory at once where the system allows it (Linux, macOS: it lives as long as
 * it is open, so a killed process leaves nothing behind); elsewhere it is removed on close.
 */
import { closeSync, mkdtempSync, openSync, readSync, rmSync, unlinkSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XlsxError } from '../error.ts';
import { detachString } from './values.ts';

/** The table as the row pass reads it. */
export interface StringTable {
  readonly length: number;
  /** The string at `index`; undefined past the end (or for an index that is not a whole number). */
  get(index: number): string | undefined;
  /** Frees the temporary file, if any. Idempotent. */
  close(): void;
}

/** A table held in memory (a small workbook's, and tests'). */
export function stringsInMemory(strings: readonly string[]): StringTable {
  return { length: strings.length, get: (index) => strings[index], close: () => undefined };
}

/** Bytes read from the file at a time, and gathered before each write. */
const BLOCK_BYTES = 1024 * 1024;
/**
 * As UTF-16 code units, JavaScript's own: any string comes back exactly, a lone surrogate from an
 * `_xD800_` escape included (UTF-8 would turn it into U+FFFD). 2 bytes per character: 512 MiB at
 * the default sharedStringChars (XlsxLimits), so the offsets fit in 32 bits.
 */
const ENCODING = 'utf16le';

/** Builds a table string by string, spilling to a file once `inMemoryChars` are held. */
export class StringTableBuilder {
  private readonly head: string[] = [];
  private chars = 0;
  private spill: SpillFile | null = null;

  constructor(private readonly inMemoryChars: number) {}

  add(text: string): void {
    if (this.spill) {
      this.spill.append(text);
      return;
    }
    if (this.chars + text.length > this.inMemoryChars) {
      this.spill = new SpillFile(this.head.length);
      this.spill.append(text);
      return;
    }
    this.chars += text.length;
    // Kept: a copy of its own, not a slice holding on to the XML chunk it came from. A spilled
    // string is copied into the file instead.
    this.head.push(detachString(text));
  }

  /** The finished table; the builder is not used after this. */
  finish(): StringTable {
    if (!this.spill) return stringsInMemory(this.head);
    return this.spill.finish(this.head);
  }

  /** Gives up (the table could not be read): frees the file. */
  abandon(): void {
    this.spill?.close();
  }
}

class SpillFile implements StringTable {
  private readonly fd: number;
  /** Set where the file could not be removed while open: removed on close instead. */
  private readonly dir: string | null;
  private closed = false;
  /** offsets[i] .. offsets[i + 1]: the bytes of spilled string i. */
  private offsets = new Uint32Array(1024);
  private count = 0;
  private written = 0;
  private readonly pending = Buffer.allocUnsafe(BLOCK_BYTES);
  private pendingBytes = 0;
  private head: readonly string[] = [];
  private readonly block = Buffer.allocUnsafe(BLOCK_BYTES);
  private blockStart = 0;
  private blockBytes = 0;

  constructor(private readonly first: number) {
    const dir = mkdtempSync(join(tmpdir(), 'catalog-sync-strings-'));
    const path = join(dir, 'shared-strings');
    try {
      this.fd = openSync(path, 'w+', 0o600);
    } catch (error) {
      rmSync(dir, { recursive: true, force: true });
      throw error;
    }
    let kept: string | null = dir;
    try {
      unlinkSync(path);
      rmSync(dir, { recursive: true, force: true });
      kept = null;
    } catch {
      // A system that cannot remove an open file (Windows): removed on close.
    }
    this.dir = kept;
  }

  get length(): number {
    return this.first + this.count;
  }

  append(text: string): void {
    const bytes = text.length * 2;
    // Only a raised sharedStringChars limit gets here; a wrapped offset would read wrong strings.
    if (this.written + this.pendingBytes + bytes > 0xffff_ffff)
      throw new XlsxError('too_large', 'its shared strings hold more than 2 Gi characters');
    if (this.pendingBytes + bytes > BLOCK_BYTES) this.flush();
    if (bytes > BLOCK_BYTES) {
      // Longer than a block (Excel allows 32,767 characters in a cell): written on its own.
      writeAll(this.fd, Buffer.from(text, ENCODING), this.written);
      this.written += bytes;
    } else {
      this.pending.write(text, this.pendingBytes, ENCODING);
      this.pendingBytes += bytes;
    }
    if (this.count + 1 >= this.offsets.length) {
      const grown = new Uint32Array(this.offsets.length * 2);
      grown.set(this.offsets);
      this.offsets = grown;
    }
    this.count += 1;
    this.offsets[this.count] = this.written + this.pendingBytes;
  }

  finish(head: readonly string[]): StringTable {
    this.flush();
    this.head = head;
    return this;
  }

  get(index: number): string | undefined {
    if (!Number.isInteger(index) || index < 0) return undefined;
    if (index < this.first) return this.head[index];
    const i = index - this.first;
    if (i >= this.count || this.closed) return undefined;
    const start = this.offsets[i]!;
    const end = this.offsets[i + 1]!;
    if (start >= this.blockStart && end <= this.blockStart + this.blockBytes)
      return this.block.toString(ENCODING, start - this.blockStart, end - this.blockStart);
    if (start >= this.blockStart && end - start <= BLOCK_BYTES) {
      // Onward: the next block, from this string on.
      this.blockStart = start;
      this.blockBytes = readAll(this.fd, this.block, BLOCK_BYTES, start);
      return this.block.toString(ENCODING, 0, end - start);
    }
    // Back up the table (a string met again), or longer than a block: read on its own.
    const bytes = Buffer.allocUnsafe(end - start);
    readAll(this.fd, bytes, end - start, start);
    return bytes.toString(ENCODING);
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    closeSync(this.fd);
    if (this.dir) rmSync(this.dir, { recursive: true, force: true });
  }

  private flush(): void {
    if (this.pendingBytes === 0) return;
    writeAll(this.fd, this.pending.subarray(0, this.pendingBytes), this.written);
    this.written += this.pendingBytes;
    this.pendingBytes = 0;
  }
}

function writeAll(fd: number, bytes: Buffer, position: number): void {
  let done = 0;
  while (done < bytes.length) done += writeSync(fd, bytes, done, bytes.length - done, position + done);
}

/** Reads up to `length` bytes at `position`; returns how many there were. */
function readAll(fd: number, into: Buffer, length: number, position: number): number {
  let done = 0;
  while (done < length) {
    const read = readSync(fd, into, done, length - done, position + done);
    if (read === 0) break;
    done += read;
  }
  return done;
}
