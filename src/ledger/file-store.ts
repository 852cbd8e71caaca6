/**
 * The ledger in a local file, for the embedded mode (no Redis): append-only JSON lines, read at
 * open into an index in memory. A crash mid-write can only leave a torn last line, which is
 * ignored on load. When dead lines outnumber live entries the file is compacted: rewritten with
 * the one atomic write (files/atomic-write.ts: temp file, fsync, rename), so a crash leaves the
 * old file or the new one. One process at a time per file, enforced by a lock file (lock.ts).
 *
 * Writes are group-committed (group-commit.ts): every write asked for while the disk is busy
 * goes out in the next single synchronised write, on one handle kept open. A claim still resolves
 * only once its line is on disk, so a create is durable before its request leaves; 32 claims at
 * once cost one sync, not 32 in a row.
 *
 * The index keeps each entry in its compact text form (entry.ts), one flat string: the row's
 * digest, not its text (fingerprint.ts), so memory is about 180 bytes per key whatever the rows hold.
 */
import { constants, createReadStream } from 'node:fs';
import { mkdir, open, type FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';
import { createInterface } from 'node:readline';
import { writeFileAtomic } from '../files/atomic-write.ts';
import type { Ledger, LedgerEntry } from './ledger.ts';
import { encodeEntry, isLedgerEntry, parseEntry } from './entry.ts';
import { isRowDigest } from './fingerprint.ts';
import { GroupCommit } from './group-commit.ts';
import { lockLedger, type LedgerLock } from './lock.ts';

/** A line is `{"k": key, "e": entry}` or `{"k": key, "d": 1}` (deleted). */
type Line = { k: string; e: LedgerEntry } | { k: string; d: 1 };

const COMPACT_MIN_LINES = 10_000;

/**
 * Appends with O_DSYNC where the platform has it (Linux, macOS): a write returns once its lines
 * are on disk, as write + fdatasync did, in one call to the thread pool instead of two (a
 * 20,000-row import made ~6,500 groups, each paying a thread-pool round trip per call on the
 * main thread). Where it is missing (Windows), each write is followed by fdatasync.
 */
const DSYNC: number | undefined = constants.O_DSYNC;
const APPEND = DSYNC === undefined ? 'a' : constants.O_APPEND | constants.O_CREAT | constants.O_WRONLY | DSYNC;

/** One file per store and vendor account, beside the configured ledger file. */
export function scopedLedgerFile(ledgerFile: string, scope: string): string {
  return ledgerFile.replace(/(\.jsonl)?$/, `.${scope}.jsonl`);
}

export class FileLedger implements Ledger {
  private lines: number;
  private handle: FileHandle;
  /** The file does not end with a newline (a torn line from a crash): the next write starts one. */
  private torn: boolean;
  private readonly commits: GroupCommit<Line>;

  private constructor(
    private readonly path: string,
    /** Key -> the entry as encodeEntry writes it. */
    private readonly entries: Map<string, string>,
    loaded: { lines: number; torn: boolean },
    handle: FileHandle,
    private readonly lock: LedgerLock,
  ) {
    this.lines = loaded.lines;
    this.torn = loaded.torn;
    this.handle = handle;
    this.commits = new GroupCommit((lines) => this.write(lines));
  }

  /** Opens the ledger for this process alone (ConfigError when another process has it open). */
  static async open(path: string): Promise<FileLedger> {
    await mkdir(dirname(path), { recursive: true });
    const lock = await lockLedger(path);
    try {
      const entries = new Map<string, string>();
      const loaded = await load(path, entries);
      const handle = await open(path, APPEND);
      return new FileLedger(path, entries, loaded, handle, lock);
    } catch (error) {
      await lock.release();
      throw error;
    }
  }

  getMany(keys: readonly string[]): Promise<(LedgerEntry | undefined)[]> {
    return Promise.resolve(keys.map((key) => this.getNow(key)));
  }

  getNow(key: string): LedgerEntry | undefined {
    const text = this.entries.get(key);
    return text === undefined ? undefined : parseEntry(text);
  }

  setMany(entries: ReadonlyArray<readonly [string, LedgerEntry]>): Promise<void> {
    return this.commits.add(entries.map(([k, e]) => ({ k, e })));
  }

  async claim(key: string, entry: LedgerEntry): Promise<LedgerEntry | null> {
    // Checked and set before any await: atomic within the one process that owns the file.
    const held = this.getNow(key);
    if (held) return held;
    this.entries.set(key, flat(encodeEntry(entry)));
    await this.commits.add([{ k: key, e: entry }]);
    return null;
  }

  deleteMany(keys: readonly string[]): Promise<void> {
    return this.commits.add(keys.map((k) => ({ k, d: 1 as const })));
  }

  /** Entries held (for tests and `status`). */
  get size(): number {
    return this.entries.size;
  }

  /** Every entry held (`catalog-sync ledger export`, a takeover by Redis or the per-user home). */
  *all(): Iterable<readonly [string, LedgerEntry]> {
    for (const key of [...this.entries.keys()]) {
      const entry = this.getNow(key);
      if (entry) yield [key, entry];
    }
  }

  /** Waits for the last write, then lets other processes open the file. */
  async close(): Promise<void> {
    await this.commits.idle();
    await this.handle.close();
    await this.lock.release();
  }

  /** One group: one synchronised write; the index changes once the lines are on disk. */
  private async write(lines: Line[]): Promise<void> {
    let text = this.torn ? '\n' : '';
    for (const line of lines) text += `${JSON.stringify(line)}\n`;
    await this.handle.write(text);
    if (DSYNC === undefined) await this.handle.datasync();
    this.torn = false;
    for (const line of lines) {
      if ('e' in line) this.entries.set(line.k, flat(encodeEntry(line.e)));
      else this.entries.delete(line.k);
    }
    this.lines += lines.length;
    if (this.lines >= COMPACT_MIN_LINES && this.lines > 2 * this.entries.size) await this.compact();
  }

  /** Runs between two groups (the disk is quiet); the handle follows the file's new inode. */
  private async compact(): Promise<void> {
    const lines: string[] = [];
    for (const [k, text] of this.entries) {
      const e = parseEntry(text);
      if (e) lines.push(JSON.stringify({ k, e }));
    }
    await writeFileAtomic(this.path, lines.length > 0 ? `${lines.join('\n')}\n` : '');
    await this.handle.close();
    this.handle = await open(this.path, APPEND);
    this.lines = lines.length;
  }
}

/** Reads the file line by line (never whole: a ledger of an older version may hold row texts). */
async function load(path: string, entries: Map<string, string>): Promise<{ lines: number; torn: boolean }> {
  let lines = 0;
  let last = '';
  try {
    const input = createReadStream(path, { encoding: 'utf8' });
    let endsWithNewline = true;
    input.on('data', (chunk) => {
      if (chunk.length > 0) endsWithNewline = (chunk as string).endsWith('\n');
    });
    for await (const raw of createInterface({ input, crlfDelay: Infinity })) {
      last = raw;
      const line = parseLine(raw);
      if (!line) continue;
      lines += 1;
      if ('d' in line) entries.delete(line.k);
      else entries.set(line.k, flat(encodeEntry(withoutRowText(line.e))));
    }
    return { lines, torn: last !== '' && !endsWithNewline };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { lines: 0, torn: false };
    throw error;
  }
}

/**
 * An entry of an earlier version holds the row's whole text: only a shortcut of the delta check
 * (the fingerprint still decides), so it is not kept in memory.
 */
function withoutRowText(entry: LedgerEntry): LedgerEntry {
  if (entry.rt === undefined || isRowDigest(entry.rt)) return entry;
  const { rt: _text, ...rest } = entry;
  return rest;
}

/**
 * The entry's text as one flat string: built from parts, it would stay a tree of them (V8's
 * concatenated strings), twice the memory for every key the index holds.
 */
function flat(text: string): string {
  return Buffer.from(text).toString();
}

function parseLine(raw: string): Line | undefined {
  if (raw.trim() === '') return undefined;
  try {
    const value = JSON.parse(raw) as Record<string, unknown>;
    if (typeof value.k !== 'string') return undefined;
    if (value.d === 1) return { k: value.k, d: 1 };
    return isLedgerEntry(value.e) ? { k: value.k, e: value.e } : undefined;
  } catch {
    return undefined;
  }
}
