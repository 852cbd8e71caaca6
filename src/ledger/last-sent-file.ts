/**
 * The last values sent, for a store whose ledger is a file: JSON lines appended beside it
 * (`<ledger file>.last-sent`), one `{"k": key, "v": fields}` per confirmed row; a later line's
 * fields win. Nothing is held in memory: a look-up reads the file through once (a preview asks
 * for a page of rows at a time), so a million products cost disk, not the ledger's memory.
 * Written by the process that holds the ledger (its lock keeps it to one).
 */
import { createReadStream } from 'node:fs';
import { appendFile } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import type { LastSent, SentValues } from './last-sent.ts';

export function lastSentFileOf(ledgerFile: string): string {
  return `${ledgerFile}.last-sent`;
}

export class FileLastSent implements LastSent {
  private writing: Promise<void> = Promise.resolve();

  constructor(readonly file: string) {}

  async getMany(keys: readonly string[]): Promise<(SentValues | undefined)[]> {
    const wanted = new Map<string, Record<string, unknown>>(keys.map((key) => [key, {}]));
    const seen = new Set<string>();
    await this.writing;
    await this.eachLine((key, values) => {
      const merged = wanted.get(key);
      if (!merged) return;
      Object.assign(merged, values);
      seen.add(key);
    });
    return keys.map((key) => (seen.has(key) ? wanted.get(key) : undefined));
  }

  record(entries: ReadonlyArray<readonly [string, SentValues]>): Promise<void> {
    if (entries.length === 0) return this.writing;
    const text = entries.map(([k, v]) => `${JSON.stringify({ k, v })}\n`).join('');
    // One append at a time, in the order recorded: a later confirmation is a later line.
    this.writing = this.writing.then(() => appendFile(this.file, text, 'utf8'));
    return this.writing;
  }

  async size(): Promise<number> {
    const keys = new Set<string>();
    await this.writing;
    await this.eachLine((key) => keys.add(key));
    return keys.size;
  }

  async close(): Promise<void> {
    await this.writing;
  }

  /** Every product's values, each key's lines merged (when the ledger moves: a copy, held whole once). */
  async merged(): Promise<Map<string, Record<string, unknown>>> {
    const all = new Map<string, Record<string, unknown>>();
    await this.writing;
    await this.eachLine((key, values) => all.set(key, { ...all.get(key), ...values }));
    return all;
  }

  private async eachLine(visit: (key: string, values: Record<string, unknown>) => void): Promise<void> {
    const input = createReadStream(this.file, 'utf8');
    try {
      for await (const line of createInterface({ input, crlfDelay: Infinity })) {
        const entry = parseLine(line);
        if (entry) visit(entry.k, entry.v);
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    } finally {
      input.destroy();
    }
  }
}

/** A damaged line (a crash mid-append) reads as absent, as the ledger's own do. */
function parseLine(line: string): { k: string; v: Record<string, unknown> } | null {
  if (line === '') return null;
  try {
    const value = JSON.parse(line) as { k?: unknown; v?: unknown };
    if (typeof value.k !== 'string' || value.v === null || typeof value.v !== 'object') return null;
    return { k: value.k, v: value.v as Record<string, unknown> };
  } catch {
    return null;
  }
}
