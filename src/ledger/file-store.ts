/**
 * The ledger in a local file, for the local mode (no Redis): append-only JSON lines
 * (file-lines.ts). The entries stay on disk: memory holds only where each key's newest line is
 * (offset-index.ts, a Map of key to offset), and a lookup reads that one line back: about 65 MB
 * of heap for a million products (bench/catalog-memory.ts). A crash mid-write can only leave a torn line or
 * a run of zeros, which the loader passes over. When dead lines outnumber live entries the file
 * is compacted: rewritten through a temp file, fsync and rename (files/atomic-write.ts), so a
 * crash leaves the old file or the new one. One process at a time per file, enforced by a lock
 * file (lock.ts).
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
 * Each write takes its byte range at the file's end when it starts and writes there (a positional
 * write, not O_APPEND), so the index knows where every line is while both lanes write at once. A
 * range whose write failed, or did not reach the disk before a power cut, reads back as zeros.
 */
import { constants } from 'node:fs';
import { mkdir, open, type FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';
import { AtomicFileStream } from '../files/atomic-write.ts';
import type { Ledger, LedgerEntry, ProductEntry, ProductRecords, RecordPart } from './ledger.ts';
import { LineReader, lineText, scanLines, type Line } from './file-lines.ts';
import { GroupCommit } from './group-commit.ts';
import { isSecondKey, PRODUCT_KEY_PREFIX, productIdOfKey } from './links.ts';
import { lockLedger, type LedgerLock } from './lock.ts';
import { OffsetIndex } from './offset-index.ts';

type Lane = 'synced' | 'written';

interface Handles {
  synced: FileHandle;
  written: FileHandle;
  /** Lookups read lines back through their own handle (LineReader). */
  read: FileHandle;
}

/** A claim holds its key from the moment it is made; `failed`: its line never reached the file. */
interface Claim {
  entry: LedgerEntry;
  failed: boolean;
}

const COMPACT_MIN_LINES = 10_000;
/** A compaction writes the new file in pieces of about this many characters. */
const COMPACT_PIECE = 64 * 1024;

/**
 * The synchronised lane writes with O_DSYNC where the platform has it (Linux, macOS): a write
 * returns once its lines are on disk, as write + fdatasync did, in one call to the thread pool instead of two (a
 * 20,000-row import made ~6,500 groups, each paying a thread-pool round trip per call on the
 * main thread). Where it is missing (Windows), each write is followed by fdatasync.
 */
const DSYNC: number | undefined = constants.O_DSYNC;
const WRITE = constants.O_CREAT | constants.O_WRONLY;
const WRITE_SYNCED = DSYNC === undefined ? WRITE : WRITE | DSYNC;

/** One file per store and vendor account, beside the configured ledger file. */
export function scopedLedgerFile(ledgerFile: string, scope: string): string {
  return ledgerFile.replace(/(\.jsonl)?$/, `.${scope}.jsonl`);
}

export class FileLedger implements Ledger, ProductRecords {
  private lines: number;
  /** Where the next write's range starts. */
  private end: number;
  /** The file does not end with a newline (a torn line from a crash): the next range starts one. */
  private torn: boolean;
  private readonly lanes: Record<Lane, GroupCommit<Line>>;
  /** Each lane's write under way, index included (settled), which a compaction lets end first. */
  private readonly writing: Record<Lane, Promise<unknown>> = { synced: Promise.resolve(), written: Promise.resolve() };
  private compacting: Promise<void> | null = null;
  private closing: Promise<void> | null = null;
  /** Compactions so far: an iteration of all() that outlives one would read the old file's offsets. */
  private generation = 0;
  /**
   * Lines went to the `written` handle since open or the last compaction: close() syncs them. A
   * synchronised write covers only its own lines, so it does not count.
   */
  private unsynced = false;
  /** Claims whose line is not in the index yet: at most the creates under way. */
  private readonly claims = new Map<string, Claim>();
  /** Keys that are a linked record's second key (links.ts isSecondKey): known() counts the record once. */
  private readonly seconds: Set<string>;

  private constructor(
    private readonly path: string,
    private readonly handles: Handles,
    private readonly lock: LedgerLock,
    private readonly reader: LineReader,
    private index: OffsetIndex,
    loaded: { lines: number; bytes: number; torn: boolean; seconds: Set<string> },
  ) {
    this.seconds = loaded.seconds;
    this.lines = loaded.lines;
    this.end = loaded.bytes;
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
    let handles: Handles | undefined;
    try {
      handles = await openHandles(path);
      const reader = new LineReader(handles.read.fd);
      const index = new OffsetIndex();
      const seconds = new Set<string>();
      // The index needs each line's key and links, not its undo steps.
      const loaded = await scanLines(
        path,
        (line, offset) => {
          index.record(line.k, offset, 'd' in line);
          noteSecond(seconds, line);
        },
        'plan',
      );
      return new FileLedger(path, handles, lock, reader, index, { ...loaded, seconds });
    } catch (error) {
      if (handles) await closeHandles(handles);
      await lock.release();
      throw error;
    }
  }

  /** Claims as getNow; the other keys' lines read together (LineReader.many). */
  getMany(keys: readonly string[], part: RecordPart = 'whole'): Promise<(LedgerEntry | undefined)[]> {
    const out = new Array<LedgerEntry | undefined>(keys.length);
    const asked: number[] = [];
    const offsets: number[] = [];
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i]!;
      const claim = this.claims.size === 0 ? undefined : this.claims.get(key);
      const offset = claim ? undefined : this.index.get(key);
      if (claim) out[i] = { ...claim.entry };
      else if (offset !== undefined) {
        asked.push(i);
        offsets.push(offset);
      }
    }
    // The reader's lines are this call's own (LineReader.many): no copy, the planner reads every row.
    const lines = this.reader.many(offsets, part);
    for (let n = 0; n < lines.length; n++) {
      const line = lines[n];
      if (line && 'e' in line) out[asked[n]!] = line.e;
    }
    return Promise.resolve(out);
  }

  getNow(key: string): LedgerEntry | undefined {
    const claim = this.claims.get(key);
    if (claim) return { ...claim.entry };
    const offset = this.index.get(key);
    if (offset === undefined) return undefined;
    const line = this.reader.at(offset);
    // A copy: the reader keeps the last line it read, which the caller must not change.
    return line && 'e' in line ? { ...line.e } : undefined;
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
    const line = { k: key, e: { ...entry } };
    this.claims.set(key, { entry: line.e, failed: false });
    await this.lanes.synced.add([line]);
    return null;
  }

  deleteMany(keys: readonly string[]): Promise<void> {
    return this.lanes.written.add(keys.map((k) => ({ k, d: 1 as const })));
  }

  /** Entries held (for tests and `status`). */
  get size(): number {
    return this.index.live + this.claims.size;
  }

  known(): Promise<number> {
    return Promise.resolve(this.index.live - this.seconds.size);
  }

  /**
   * Every entry held (`catalog-sync ledger export`, a takeover by Redis or the per-user home), in
   * no particular order. Nothing may write to this ledger meanwhile: a compaction would move the
   * lines (refused with an error, not read wrong).
   */
  *all(): Iterable<readonly [string, LedgerEntry]> {
    const generation = this.generation;
    for (const offset of this.index.liveOffsets()) {
      if (this.generation !== generation) throw new Error(`ledger ${this.path} was compacted while it was read whole`);
      const line = this.reader.at(offset);
      if (line && 'e' in line && !this.claims.has(line.k)) yield [line.k, { ...line.e }];
    }
    for (const [key, claim] of this.claims) yield [key, { ...claim.entry }];
  }

  /**
   * Every record with a product_id: the index's product keys, each entry read back from the file
   * as it is reached (through the current index, so writes and a compaction meanwhile are read right).
   */
  *products(): Iterable<ProductEntry> {
    for (const key of this.index.liveKeys(PRODUCT_KEY_PREFIX)) {
      const id = productIdOfKey(key);
      const entry = this.getNow(key);
      if (id !== null && entry) yield { id, entry };
    }
  }

  /** Waits for the last writes, puts them on disk, then lets other processes open the file. Once. */
  close(): Promise<void> {
    this.closing ??= this.closeNow();
    return this.closing;
  }

  private async closeNow(): Promise<void> {
    await Promise.all([this.lanes.synced.idle(), this.lanes.written.idle()]);
    if (this.unsynced) await this.handles.written.datasync();
    await closeHandles(this.handles);
    await this.lock.release();
  }

  /** One group of a lane: one write of its own range; the index learns the lines once written. */
  private async write(lane: Lane, lines: Line[]): Promise<void> {
    while (this.compacting) await this.compacting;
    const prefix = this.torn ? '\n' : '';
    // A range of its own from here on: a failed write leaves zeros or a short file, never a torn
    // line that the next range would run into.
    this.torn = false;
    const texts = lines.map(lineText);
    const bytes = Buffer.from(`${prefix}${texts.join('\n')}\n`);
    const start = this.end;
    this.end += bytes.length;
    const done = (async () => {
      try {
        await this.append(lane, bytes, start);
      } catch (error) {
        for (const line of lines) this.markFailed(line);
        throw error;
      }
      let offset = start + prefix.length;
      for (let i = 0; i < lines.length; i++) {
        this.learn(lines[i]!, offset);
        offset += Buffer.byteLength(texts[i]!) + 1;
      }
      this.lines += lines.length;
    })();
    this.writing[lane] = done.catch(() => undefined);
    await done;
    if (this.compacting === null && this.lines >= COMPACT_MIN_LINES && this.lines > 2 * this.index.live) {
      this.compacting = this.compact(lane === 'synced' ? 'written' : 'synced').finally(() => {
        this.compacting = null;
      });
      await this.compacting;
    }
  }

  /** The line at `offset` is in the file: the index points there, and a claim it carried is done. */
  private learn(line: Line, offset: number): void {
    this.index.record(line.k, offset, 'd' in line);
    noteSecond(this.seconds, line);
    const claim = this.claims.get(line.k);
    // A failed claim holds its key (as if sent) until a later line for the key is written.
    if (claim && (claim.failed || ('e' in line && claim.entry === line.e))) this.claims.delete(line.k);
  }

  private markFailed(line: Line): void {
    const claim = this.claims.get(line.k);
    if (claim && 'e' in line && claim.entry === line.e) claim.failed = true;
  }

  private async append(lane: Lane, bytes: Buffer, position: number): Promise<void> {
    const handle = this.handles[lane];
    await handle.write(bytes, 0, bytes.length, position);
    if (lane === 'written') this.unsynced = true;
    else if (DSYNC === undefined) await handle.datasync();
  }

  /**
   * Runs while neither lane writes (the other's write under way ends first, and new ones wait).
   * Copies the live lines, in file order, into a new file read and written as streams, so memory
   * does not hold the file; the handles then follow the new inode.
   */
  private async compact(other: Lane): Promise<void> {
    await this.writing[other];
    const live = this.index.liveOffsets().sort();
    const index = new OffsetIndex();
    const target = new AtomicFileStream(this.path);
    let next = 0;
    let bytes = 0;
    let lines = 0;
    let piece = '';
    try {
      await scanLines(this.path, (line, offset) => {
        while (next < live.length && live[next]! < offset) next += 1;
        if (live[next] !== offset || !('e' in line)) return undefined;
        const text = `${lineText(line)}\n`;
        index.addNew(line.k, bytes);
        bytes += Buffer.byteLength(text);
        lines += 1;
        piece += text;
        if (piece.length < COMPACT_PIECE) return undefined;
        const full = Buffer.from(piece);
        piece = '';
        return target.write(full);
      });
      if (piece !== '') await target.write(Buffer.from(piece));
      await target.commit();
    } catch (error) {
      await target.abort();
      throw error;
    }
    // The new file's handles first, then every switch in one step: a lookup meanwhile reads the
    // old file (still open, though renamed over) with the old index, never a closed handle.
    const old = { ...this.handles };
    const fresh = await openHandles(this.path);
    Object.assign(this.handles, fresh);
    this.reader.reopen(fresh.read.fd);
    this.index = index;
    this.generation += 1;
    this.end = bytes;
    this.lines = lines;
    this.unsynced = false;
    this.torn = false;
    await closeHandles(old);
  }
}

/** Keeps `seconds` to the keys whose newest line is a linked record's second key. */
function noteSecond(seconds: Set<string>, line: Line): void {
  if ('e' in line && isSecondKey(line.k, line.e)) seconds.add(line.k);
  else seconds.delete(line.k);
}

async function openHandles(path: string): Promise<Handles> {
  const opened: FileHandle[] = [];
  try {
    for (const flags of [WRITE_SYNCED, WRITE, constants.O_RDONLY]) opened.push(await open(path, flags));
  } catch (error) {
    await Promise.all(opened.map((handle) => handle.close()));
    throw error;
  }
  const [synced, written, read] = opened as [FileHandle, FileHandle, FileHandle];
  return { synced, written, read };
}

async function closeHandles(handles: Handles): Promise<void> {
  await Promise.all([handles.synced.close(), handles.written.close(), handles.read.close()]);
}
