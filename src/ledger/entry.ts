/**
 * Ledger entries as text, and back, tolerating damage (a bad entry reads as absent).
 * Redis holds them as `~<st>|<row>|<batch>|<fp>|<rt>`, then `|` and `{"v", "ln"}` as JSON when
 * the record has values or links: a delta sync reads one per row, and taking the head apart costs a
 * fraction of JSON.parse (no escapes). An entry whose batch or fingerprint holds a `|` or a tab is
 * written as JSON whole. A record's undo steps (`u`) come last, after a tab, as a JSON array
 * (withSteps): a planner reads every record and none of its steps, which after a few batches are
 * most of its text, so a read for a plan parses only what is before the tab.
 */
import type { LedgerEntry, LedgerState, RecordPart, ReplacedStep } from './ledger.ts';

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
    (v.rt === undefined || typeof v.rt === 'string') &&
    (v.v === undefined || (typeof v.v === 'object' && v.v !== null && !Array.isArray(v.v))) &&
    (v.ln === undefined || allStrings(v.ln)) &&
    // Steps are checked where undo reads them (replaced.ts): a step this version cannot read
    // must not make the record read as absent (its product would be created again).
    (v.u === undefined || Array.isArray(v.u))
  );
}

/** A loop, not every(): every record read is checked (a planner reads one per row). */
function allStrings(value: unknown): boolean {
  if (!Array.isArray(value)) return false;
  for (const item of value as unknown[]) if (typeof item !== 'string') return false;
  return true;
}

/** Separates a record's undo steps from the rest: JSON.stringify writes no raw tab. */
const STEPS = '\t';

/**
 * No entry's text holds a raw newline (JSON.stringify writes none; a head field that holds one is
 * written as JSON whole): a reader may join entries with it (redis-store.ts, a plan's read).
 */
export const ENTRY_SEPARATOR = '\n';

const holdsSeparator = (text: string | undefined): boolean =>
  text !== undefined && (text.includes('|') || text.includes(STEPS) || text.includes(ENTRY_SEPARATOR));

export function encodeEntry(entry: LedgerEntry): string {
  if (
    holdsSeparator(entry.batch) ||
    holdsSeparator(entry.fp) ||
    holdsSeparator(entry.rt) ||
    !Number.isSafeInteger(entry.row)
  )
    return withSteps(JSON.stringify({ ...entry, rt: entry.rt || undefined, u: undefined }), entry.u);
  const head = `${COMPACT}${entry.st}|${entry.row}|${entry.batch}|${entry.fp}|${entry.rt ?? ''}`;
  if (entry.v === undefined && entry.ln === undefined && entry.u === undefined) return head;
  return withSteps(`${head}|${JSON.stringify({ v: entry.v, ln: entry.ln })}`, entry.u);
}

/** `text` (which holds no raw tab), then the record's undo steps after a tab when it has any. */
export function withSteps(text: string, steps: readonly ReplacedStep[] | undefined): string {
  return steps === undefined ? text : `${text}${STEPS}${JSON.stringify(steps)}`;
}

/**
 * The record's undo steps, from the text after its tab: a part that does not read is no steps,
 * as a step this version cannot read is (isLedgerEntry): a record read whole must not be absent
 * where a read for a plan finds it (its product would be created again).
 */
export function stepsOf(text: string): ReplacedStep[] | undefined {
  try {
    const steps: unknown = JSON.parse(text);
    return Array.isArray(steps) ? (steps as ReplacedStep[]) : undefined;
  } catch {
    return undefined;
  }
}

/** `part` 'plan' leaves the undo steps out (not parsed). */
export function parseEntry(text: string, part: RecordPart = 'whole'): LedgerEntry | undefined {
  // Only a text with steps ends with `]` after a tab: the others end in `}` or a head field.
  const tab = text.endsWith(']') ? text.lastIndexOf(STEPS) : -1;
  const entry = parsePlanPart(tab < 0 ? text : text.slice(0, tab));
  if (entry !== undefined && tab >= 0 && part === 'whole') {
    const steps = stepsOf(text.slice(tab + 1));
    if (steps !== undefined) entry.u = steps;
  }
  return entry;
}

function parsePlanPart(text: string): LedgerEntry | undefined {
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
  // The row digest is base64url (no `|`): a `|` after it starts the record's values and links.
  const e = text.indexOf('|', d + 1);
  const rt = text.slice(d + 1, e < 0 ? undefined : e);
  if (rt !== '') entry.rt = rt;
  if (e < 0) return entry;
  try {
    const tail = JSON.parse(text.slice(e + 1)) as Pick<LedgerEntry, 'v' | 'ln'>;
    if (tail.v !== undefined) entry.v = tail.v;
    if (tail.ln !== undefined) entry.ln = tail.ln;
  } catch {
    return undefined;
  }
  return isLedgerEntry(entry) ? entry : undefined;
}
