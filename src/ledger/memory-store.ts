/**
 * A ledger held in memory, for a store that lives no longer than the process (`serve --sandbox`,
 * the README's rehearsal): its records behave as a real store's (a second create stopped, values
 * last sent for the preview and the guard, links), and go with the process, as the store does.
 */
import type { Ledger, LedgerEntry, ProductEntry, ProductRecords } from './ledger.ts';
import { isSecondKey, productIdOfKey } from './links.ts';

export class MemoryLedger implements Ledger, ProductRecords {
  private readonly entries = new Map<string, LedgerEntry>();

  getNow(key: string): LedgerEntry | undefined {
    const entry = this.entries.get(key);
    return entry && { ...entry };
  }

  getMany(keys: readonly string[]): Promise<(LedgerEntry | undefined)[]> {
    return Promise.resolve(keys.map((key) => this.getNow(key)));
  }

  setMany(entries: ReadonlyArray<readonly [string, LedgerEntry]>): Promise<void> {
    for (const [key, entry] of entries) this.entries.set(key, { ...entry });
    return Promise.resolve();
  }

  claim(key: string, entry: LedgerEntry): Promise<LedgerEntry | null> {
    const held = this.getNow(key);
    if (!held) this.entries.set(key, { ...entry });
    return Promise.resolve(held ?? null);
  }

  deleteMany(keys: readonly string[]): Promise<void> {
    for (const key of keys) this.entries.delete(key);
    return Promise.resolve();
  }

  known(): Promise<number> {
    let seconds = 0;
    for (const [key, entry] of this.entries) if (isSecondKey(key, entry)) seconds++;
    return Promise.resolve(this.entries.size - seconds);
  }

  *all(): Iterable<readonly [string, LedgerEntry]> {
    for (const [key, entry] of this.entries) yield [key, { ...entry }];
  }

  *products(): Iterable<ProductEntry> {
    for (const [key, entry] of this.entries) {
      const id = productIdOfKey(key);
      if (id !== null) yield { id, entry: { ...entry } };
    }
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}
