/**
 * The last values sent, for a store whose ledger is a file: JSON lines appended beside it
 * (`<ledger file>.last-sent`), one `{"k": key, "v": fields}` per confirmed row; a later line's
 * fields win, and `{"k": key, "d": 1}` (a forgotten product) drops the lines before it. Nothing is held in memory: a look-up reads the file through once (a preview asks
 * for a page of rows at a time), so a million products cost disk, not the ledger's memory.
 * Written by the process that holds the ledger (its lock keeps it to one). Once a process has
 * appended as many lines as the file had products at its last rewrite (at least 10,000), it
 * rewrites the file with one line per product, between two appends, so daily syncs of the same
 * products (and a console that runs for weeks) do not grow it without end; each line appended
 * pays for about one line rewritten.
 */
import { createReadStream } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { Buffer } from 'node:buffer';
import { createInterface } from 'node:readline';
import { AtomicFileStream } from '../files/atomic-write.ts';
import type { LastSent, SentValues } from './last-sent.ts';

export function lastSentFileOf(ledgerFile: string): string {
  return `${ledgerFile}.last-sent`;
}

/** Lines appended after which the file is rewritten with one line per product (at the least). */
export const COMPACT_AFTER_LINES = 10_000;

export class FileLastSent implements LastSent {
  private writing: Promise<void> = Promise.resolve();
  /**
   * Held open between appends: opening and closing the file for each group of confirmed rows cost
   * a 20,000-row import about a second of CPU (bench/scale.ts --parts cpu). Closed for a rewrite
   * (which renames a new file into place) and at close().
   */
  private appending: FileHandle | null = null;
  private appended = 0;
  /** Products the file held at its last rewrite by this process. */
  private products = 0;

  constructor(
    readonly file: string,
    private readonly compactAfter = COMPACT_AFTER_LINES,
  ) {}

  async getMany(keys: readonly string[]): Promise<(SentValues | undefined)[]> {
    const wanted = new Map<string, Record<string, unknown>>(keys.map((key) => [key, {}]));
    const seen = new Set<string>();
    await this.writing;
    await this.eachLine((key, values) => {
      if (!wanted.has(key)) return;
      if (values === FORGOTTEN) {
        wanted.set(key, {});
        seen.delete(key);
        return;
      }
      Object.assign(wanted.get(key)!, values);
      seen.add(key);
    });
    return keys.map((key) => (seen.has(key) ? wanted.get(key) : undefined));
  }

  record(entries: ReadonlyArray<readonly [string, SentValues]>): Promise<void> {
    return this.appendLines(entries.map(([k, v]) => ({ k, v })));
  }

  forget(keys: readonly string[]): Promise<void> {
    return this.appendLines(keys.map((k) => ({ k, d: 1 })));
  }

  private appendLines(lines: readonly object[]): Promise<void> {
    if (lines.length === 0) return this.writing;
    const text = lines.map((line) => `${JSON.stringify(line)}\n`).join('');
    this.appended += lines.length;
    // One append at a time, in the order recorded: a later confirmation is a later line.
    this.writing = this.writing.then(() => this.append(text));
    if (this.appended >= Math.max(this.compactAfter, this.products)) {
      this.appended = 0;
      this.writing = this.writing.then(async () => {
        await this.release();
        await this.compact();
      });
    }
    return this.writing;
  }

  async size(): Promise<number> {
    const keys = new Set<string>();
    await this.writing;
    await this.eachLine((key, values) => (values === FORGOTTEN ? keys.delete(key) : keys.add(key)));
    return keys.size;
  }

  async close(): Promise<void> {
    await this.writing;
    await this.release();
  }

  private async append(text: string): Promise<void> {
    this.appending ??= await open(this.file, 'a');
    await this.appending.write(text, null, 'utf8');
  }

  private async release(): Promise<void> {
    const handle = this.appending;
    this.appending = null;
    await handle?.close();
  }

  /**
   * Rewrites the file, one line per product, streamed beside it and renamed into place. A first
   * pass counts each product's lines; the second holds a product's merged values only from its
   * first line to its last, then writes it: memory holds the keys, not the catalog's values.
   */
  private async compact(): Promise<void> {
    const linesLeft = new Map<string, number>();
    await this.eachLine((key) => linesLeft.set(key, (linesLeft.get(key) ?? 0) + 1));
    this.products = linesLeft.size;
    const merging = new Map<string, Record<string, unknown>>();
    const out = new AtomicFileStream(this.file);
    try {
      await this.eachLine(async (key, values) => {
        const left = (linesLeft.get(key) ?? 1) - 1;
        const merged = values === FORGOTTEN ? null : { ...merging.get(key), ...values };
        if (left > 0) {
          linesLeft.set(key, left);
          if (merged) merging.set(key, merged);
          else merging.delete(key);
          return;
        }
        linesLeft.delete(key);
        merging.delete(key);
        // A product forgotten last is left out: nothing before its forgetting counts.
        if (merged) await out.write(Buffer.from(`${JSON.stringify({ k: key, v: merged })}\n`, 'utf8'));
      });
      await out.commit();
    } catch (error) {
      await out.abort();
      throw error;
    }
  }

  /** Every product's values, each key's lines merged (when the ledger moves: a copy, held whole once). */
  async merged(): Promise<Map<string, Record<string, unknown>>> {
    const all = new Map<string, Record<string, unknown>>();
    await this.writing;
    await this.eachLine((key, values) => {
      if (values === FORGOTTEN) all.delete(key);
      else all.set(key, { ...all.get(key), ...values });
    });
    return all;
  }

  /** Each line in order: a key's fields, or FORGOTTEN where it was forgotten. */
  private async eachLine(
    visit: (key: string, values: Record<string, unknown> | typeof FORGOTTEN) => unknown,
  ): Promise<void> {
    const input = createReadStream(this.file, 'utf8');
    try {
      for await (const line of createInterface({ input, crlfDelay: Infinity })) {
        const entry = parseLine(line);
        if (entry) await visit(entry.k, entry.v);
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    } finally {
      input.destroy();
    }
  }
}

/** A forgotten product's line. */
const FORGOTTEN = Symbol('forgotten');

/** A damaged line (a crash mid-append) reads as absent, as the ledger's own do. */
function parseLine(line: string): { k: string; v: Record<string, unknown> | typeof FORGOTTEN } | null {
  if (line === '') return null;
  try {
    const value = JSON.parse(line) as { k?: unknown; v?: unknown; d?: unknown };
    if (typeof value.k !== 'string') return null;
    if (value.d === 1) return { k: value.k, v: FORGOTTEN };
    if (value.v === null || typeof value.v !== 'object') return null;
    return { k: value.k, v: value.v as Record<string, unknown> };
  } catch {
    return null;
  }
}
