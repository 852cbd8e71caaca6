/**
 * The ledger in a local file, for the embedded mode (no Redis): append-only JSON lines, read at
 * open into an index in memory. A crash mid-write can only leave a torn last line, which is
 * ignored on load. When dead lines outnumber live entries the file is compacted: rewritten with
 * the one atomic write (files/atomic-write.ts: temp file, fsync, rename), so a crash leaves the
 * old file or the new one. One process at a time per file, enforced by a lock file (lock.ts).
 *
 * Two kinds of write, each group-committed (group-commit.ts) on its own handle, one lane each:
 * - a `pending` mark (a create about to be sent) resolves only once its line is on disk, so a
 *   create is durable before its request leaves; every claim asked for while the disk is busy
 *   goes out in the next single synchronised write;
 * - every other write (an outcome, an undone mark, a moved ledger's entries) resolves once the
 *   operating system has its line, so it survives the process being killed, and reaches the disk
 *   with the next synchronised write or at close. Lost in a power cut, an outcome leaves its
 *   create `pending`, read later as `unknown`: never sent twice. Not waiting for the disk here
 *   halves the syncs on a row's path (bench/scale.ts throughput, bench/RESULTS.md).
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

type Lane = 'synced' | 'written';

const COMPACT_MIN_LINES = 10_000;

/**
 * The synchronised lane appends with O_DSYNC where the platform has it (Linux, macOS): a write
 * returns once its lines are on disk, as write + fdatasync did, in one call to the thread pool instead of two (a
 * 20,000-row import made ~6,500 groups, each paying a thread-pool round trip per call on the
 * main thread). Where it is missing (Windows), each write is followed by fdatasync.
 */
const DSYNC: number | undefined = constants.O_DSYNC;
const APPEND = constants.O_APPEND | constants.O_CREAT | constants.O_WRONLY;
const APPEND_SYNCED = DSYNC === undefined ? APPEND : APPEND | DSYNC;

/** One file per store and vendor account, beside the configured ledger file. */
export function scopedLedgerFile(ledgerFile: string, scope: string): string {
  return ledgerFile.replace(/(\.jsonl)?$/, `.${scope}.jsonl`);
}

export class FileLedger implements Ledger {
  private lines: number;
  /** The file does not end with a newline (a torn line from a crash): the next write starts one. */
  private torn: boolean;
  private readonly lanes: Record<Lane, GroupCommit<Line>>;
  /** Each lane's write under way (settled), which a compaction lets end first. */
  private readonly writing: Record<Lane, Promise<unknown>> = { synced: Promise.resolve(), written: Promise.resolve() };
  private compacting: Promise<void> | null = null;
  /**
   * Lines went to the `written` handle since open or the last compaction: close() syncs them. A
   * synchronised write covers only its own lines, so it does not count.
   */
  private unsynced = false;

  private constructor(
    private readonly path: string,
    /** Key -> the entry as encodeEntry writes it. */
    private readonly entries: Map<string, string>,
    loaded: { lines: number; torn: boolean },
    private readonly handles: Record<Lane, FileHandle>,
    private readonly lock: LedgerLock,
  ) {
    this.lines = loaded.lines;
    this.torn = loaded.torn;
    this.lanes = {
      synced: new GroupCommit((lines) => this.write('synced', lines)),
      written: new GroupCommit((lines) => this.write('written', lines)),
    };
  }

  /** Opens the ledger for this process alone (ConfigError when another process has it open). */
  static async open(path: string): Promise<FileLedger> {
    await mkdir(dirname(path), { recursive: true });
    const lock = await lockLedger(path);
    try {
      const entries = new Map<string, string>();
      const loaded = await load(path, entries);
      return new FileLedger(path, entries, loaded, await openHandles(path), lock);
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

  /** Synchronised when it marks a create pending (a claim over an earlier entry); else written. */
  setMany(entries: ReadonlyArray<readonly [string, LedgerEntry]>): Promise<void> {
    const lane = entries.some(([, e]) => e.st === 'pending') ? 'synced' : 'written';
    return this.lanes[lane].add(entries.map(([k, e]) => ({ k, e })));
  }

  async claim(key: string, entry: LedgerEntry): Promise<LedgerEntry | null> {
    // Checked and set before any await: atomic within the one process that owns the file.
    const held = this.getNow(key);
    if (held) return held;
    this.entries.set(key, flat(encodeEntry(entry)));
    await this.lanes.synced.add([{ k: key, e: entry }]);
    return null;
  }

  deleteMany(keys: readonly string[]): Promise<void> {
    return this.lanes.written.add(keys.map((k) => ({ k, d: 1 as const })));
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

  /** Waits for the last writes, puts them on disk, then lets other processes open the file. */
  async close(): Promise<void> {
    await Promise.all([this.lanes.synced.idle(), this.lanes.written.idle()]);
    if (this.unsynced) await this.handles.written.datasync();
    await Promise.all([this.handles.synced.close(), this.handles.written.close()]);
    await this.lock.release();
  }

  /** One group of a lane: one write; the index changes once the lines are written. */
  private async write(lane: Lane, lines: Line[]): Promise<void> {
    while (this.compacting) await this.compacting;
    const newLine = this.torn;
    let text = newLine ? '\n' : '';
    for (const line of lines) text += `${JSON.stringify(line)}\n`;
    const written = this.append(lane, text);
    this.writing[lane] = written.catch(() => undefined);
    try {
      await written;
    } catch (error) {
      // Part of the text may be in the file: the next write starts a line of its own.
      this.torn = true;
      throw error;
    }
    if (newLine) this.torn = false;
    for (const line of lines) {
      if ('e' in line) this.entries.set(line.k, flat(encodeEntry(line.e)));
      else this.entries.delete(line.k);
    }
    this.lines += lines.length;
    if (this.compacting === null && this.lines >= COMPACT_MIN_LINES && this.lines > 2 * this.entries.size) {
      this.compacting = this.compact(lane === 'synced' ? 'written' : 'synced').finally(() => {
        this.compacting = null;
      });
      await this.compacting;
    }
  }

  private async append(lane: Lane, text: string): Promise<void> {
    const handle = this.handles[lane];
    await handle.write(text);
    if (lane === 'written') this.unsynced = true;
    else if (DSYNC === undefined) await handle.datasync();
  }

  /**
   * Runs while neither lane writes (the other's write under way ends first, and new ones wait);
   * the handles follow the file's new inode.
   */
  private async compact(other: Lane): Promise<void> {
    await this.writing[other];
    const lines: string[] = [];
    for (const [k, text] of this.entries) {
      const e = parseEntry(text);
      if (e) lines.push(JSON.stringify({ k, e }));
    }
    await writeFileAtomic(this.path, lines.length > 0 ? `${lines.join('\n')}\n` : '');
    await Promise.all([this.handles.synced.close(), this.handles.written.close()]);
    Object.assign(this.handles, await openHandles(this.path));
    this.lines = lines.length;
    this.unsynced = false;
  }
}

async function openHandles(path: string): Promise<Record<Lane, FileHandle>> {
  const synced = await open(path, APPEND_SYNCED);
  try {
    return { synced, written: await open(path, APPEND) };
  } catch (error) {
    await synced.close();
    throw error;
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

function parseLine(text: string): Line | undefined {
  // After a power cut, lines that were written but not yet synchronised can read back as zero
  // bytes (the file's length reached the disk, their data did not), with no newline before the
  // next synchronised line: that line, after the zeros, is whole.
  const raw = text.slice(text.lastIndexOf('\0') + 1);
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
