/** Reading stored ledger entries back, tolerating damage (a bad entry reads as absent). */
import type { LedgerEntry, LedgerState } from './ledger.ts';

const STATES: ReadonlySet<string> = new Set<LedgerState>(['synced', 'unknown', 'pending']);

export function isLedgerEntry(value: unknown): value is LedgerEntry {
  if (value === null || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return typeof v.fp === 'string' && typeof v.st === 'string' && STATES.has(v.st) && typeof v.batch === 'string' && typeof v.row === 'number' && (v.rt === undefined || typeof v.rt === 'string');
}

export function parseEntry(text: string): LedgerEntry | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return isLedgerEntry(value) ? value : undefined;
  } catch {
    return undefined;
  }
}
