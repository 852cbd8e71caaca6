/**
 * Ledger entries as text, and back, tolerating damage (a bad entry reads as absent).
 * Redis holds them as `~<st>|<row>|<batch>|<fp>|<rt>`: a delta sync reads one per row, and
 * taking this apart costs a fraction of JSON.parse (no escapes, the row text last and as is).
 * Entries written as JSON (earlier versions, or fields that hold a `|`) still read.
 */
import type { LedgerEntry, LedgerState } from './ledger.ts';

const STATES: ReadonlySet<string> = new Set<LedgerState>(['synced', 'unknown', 'pending']);
const COMPACT = '~';

export function isLedgerEntry(value: unknown): value is LedgerEntry {
  if (value === null || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.fp === 'string' &&
    typeof v.st === 'string' &&
    STATES.has(v.st) &&
    typeof v.batch === 'string' &&
    typeof v.row === 'number' &&
    (v.rt === undefined || typeof v.rt === 'string')
  );
}

export function encodeEntry(entry: LedgerEntry): string {
  // The row text may hold anything (it comes last); the other fields must not hold the separator.
  if (entry.batch.includes('|') || entry.fp.includes('|') || !Number.isSafeInteger(entry.row))
    return JSON.stringify({ ...entry, rt: entry.rt || undefined });
  return `${COMPACT}${entry.st}|${entry.row}|${entry.batch}|${entry.fp}|${entry.rt ?? ''}`;
}

export function parseEntry(text: string): LedgerEntry | undefined {
  if (text.startsWith(COMPACT)) return parseCompact(text);
  try {
    const value: unknown = JSON.parse(text);
    return isLedgerEntry(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

function parseCompact(text: string): LedgerEntry | undefined {
  const a = text.indexOf('|');
  const b = text.indexOf('|', a + 1);
  const c = text.indexOf('|', b + 1);
  const d = text.indexOf('|', c + 1);
  if (a < 0 || b < 0 || c < 0 || d < 0) return undefined;
  const st = text.slice(1, a);
  const row = Number(text.slice(a + 1, b));
  if (!STATES.has(st) || !Number.isSafeInteger(row)) return undefined;
  const entry: LedgerEntry = { fp: text.slice(c + 1, d), st: st as LedgerState, batch: text.slice(b + 1, c), row };
  if (d + 1 < text.length) entry.rt = text.slice(d + 1);
  return entry;
}
