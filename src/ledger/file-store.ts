/**
 * The ledger in a local file, for the embedded mode (no Redis): append-only JSON lines, loaded
 * into memory at open. Each write appends whole lines in one write; a crash mid-write can only
 * leave a torn last line, which is ignored on load. When dead lines outnumber live entries the
 * file is compacted: rewritten with the one atomic write (files/atomic-write.ts: temp file, fsync,
 * rename), so a crash leaves the old file or the new one.
 * One process at a time per file, enforced by a lock file (ledger-lock.ts).
 */
import { mkdir, open, readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { writeFileAtomic } from '../files/atomic-write.ts';
import type { Ledger, LedgerEntry } from './ledger.ts';
import { isLedgerEntry } from './entry.ts';
import { lockLedger, type LedgerLock } from './lock.ts';

/** A line is `{"k": key, "e": entry}` or `{"k": key, "d": 1}` (deleted). */
type Line = { k: string; e: LedgerEntry } | { k: string; d: 1 };

const COMPACT_MIN_LINES = 10_000;

/** One file per store and vendor account, beside the configured ledger file. */
export function scopedLedgerFile(ledgerFile: string, scope: string): string {
  return ledgerFile.replace(/(\.jsonl)?$/, `.${scope}.jsonl`);
}

export class FileLedger implements Ledger {
  private lines = 0;
  private tail: Promise<void> = Promise.resolve();

  private constructor(
    private readonly path: string,
    private readonly entries: Map<string, LedgerEntry>,
    lines: number,
    private readonly lock: LedgerLock,
  ) {
    this.lines = lines;
  }

  /** Opens the ledger for this process alone (ConfigError when another process has it open). */
  static async open(path: string): Promise<FileLedger> {
    await mkdir(dirname(path), { recursive: true });
    const lock = await lockLedger(path);
    let text = '';
    try {
      text = await readFile(path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
        await lock.release();
        throw error;
      }
    }
    const entries = new Map<string, LedgerEntry>();
    let lines = 0;
    for (const raw of text.split('\n')) {
      const line = parseLine(raw);
      if (!line) continue;
      lines += 1;
      if ('e' in line) entries.set(line.k, line.e);
      else entries.delete(line.k);
    }
    return new FileLedger(path, entries, lines, lock);
  }

  getMany(keys: readonly string[]): Promise<(LedgerEntry | undefined)[]> {
    return Promise.resolve(keys.map((key) => this.entries.get(key)));
  }

  getNow(key: string): LedgerEntry | undefined {
    return this.entries.get(key);
  }

  setMany(entries: ReadonlyArray<readonly [string, LedgerEntry]>): Promise<void> {
    return this.append(entries.map(([k, e]) => ({ k, e })));
  }

  async claim(key: string, entry: LedgerEntry): Promise<LedgerEntry | null> {
    // Checked and set before any await: atomic within the one process that owns the file.
    const held = this.entries.get(key);
    if (held) return held;
    this.entries.set(key, entry);
    await this.append([{ k: key, e: entry }]);
    return null;
  }

  deleteMany(keys: readonly string[]): Promise<void> {
    return this.append(keys.map((k) => ({ k, d: 1 as const })));
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
    await this.tail;
    await this.lock.release();
  }

  private append(lines: Line[]): Promise<void> {
    if (lines.length === 0) return this.tail;
    // Writes are serialised so lines never interleave and compaction sees a quiet file.
    const next = this.tail.then(async () => {
      // A torn line from a crash has no newline: start on a fresh line so ours stays whole.
      const text = `\n${lines.map((l) => JSON.stringify(l)).join('\n')}\n`;
      const file = await open(this.path, 'a');
      try {
        await file.write(text);
        await file.datasync();
      } finally {
        await file.close();
      }
      for (const line of lines) {
        if ('e' in line) this.entries.set(line.k, line.e);
        else this.entries.delete(line.k);
      }
      this.lines += lines.length;
      if (this.lines >= COMPACT_MIN_LINES && this.lines > 2 * this.entries.size) await this.compact();
    });
    this.tail = next.catch(() => undefined);
    return next;
  }

  private async compact(): Promise<void> {
    const lines = [...this.entries].map(([k, e]) => JSON.stringify({ k, e }));
    await writeFileAtomic(this.path, lines.length > 0 ? `${lines.join('\n')}\n` : '');
    this.lines = this.entries.size;
  }
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
