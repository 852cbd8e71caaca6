/**
 * One ledger answers for one store: when it moves (to Redis once REDIS_URL is configured), the
 * new one takes over the old one's entries (the records whole: values and links), and
 * the old file is kept beside, renamed (nothing is deleted), so it is never read again.
 */
import { rename, stat, writeFile } from 'node:fs/promises';
import type { Ledger, LedgerEntry } from './ledger.ts';
import { FileLedger } from './file-store.ts';

const CHUNK = 1_000;

export async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}

/**
 * Copies every entry of the file ledger at `source` that `target` lacks (for a key both hold,
 * the target's stands), then renames the file to `<source>.moved`. Returns the entries copied.
 * Refused (ConfigError, exit 2) while another process has the file open.
 */
export async function takeOver(source: string, target: Ledger): Promise<number> {
  const file = await FileLedger.open(source);
  let copied = 0;
  try {
    let chunk: (readonly [string, LedgerEntry])[] = [];
    const flush = async () => {
      const held = await target.getMany(chunk.map(([key]) => key));
      const missing = chunk.filter((_, i) => held[i] === undefined);
      await target.setMany(missing);
      copied += missing.length;
      chunk = [];
    };
    for (const pair of file.all()) {
      chunk.push(pair);
      if (chunk.length >= CHUNK) await flush();
    }
    if (chunk.length > 0) await flush();
    // Renamed while still locked, so no other process opens it between the copy and the move.
    await rename(source, `${source}.moved`);
  } finally {
    await file.close();
  }
  return copied;
}

/** What the file ledger's home keeps once Redis took the store's ledger over (no secrets). */
export interface MovedNote {
  movedTo: 'redis';
  /** The Redis hash that holds the store's ledger now. */
  key: string;
  at: string;
  entries: number;
}

export async function writeMovedNote(path: string, note: MovedNote): Promise<void> {
  await writeFile(path, `${JSON.stringify(note)}\n`);
}
