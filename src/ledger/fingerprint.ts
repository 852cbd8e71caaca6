/**
 * What a row sends and what it says, as text the ledger can compare: the payload's fingerprint
 * and the row's text under the sheet's row signature. Pure, no I/O.
 */
import { hash } from 'node:crypto';
import type { RowPlan } from '../sheet/types.ts';

/**
 * JSON with object keys sorted at every depth, so equal payloads give equal text. Runs for every
 * row of a delta sync: one string built in place, keys quoted once per sheet (the same few
 * field names on every row), no intermediate arrays of entries.
 */
export function canonicalJson(value: unknown): string {
  if (typeof value !== 'object' || value === null || value instanceof Date) return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i++) out += (i > 0 ? ',' : '') + canonicalJson(value[i]);
    return `${out}]`;
  }
  const object = value as Record<string, unknown>;
  // Default sort compares UTF-16 code units, the same order as `<` on strings.
  const keys = Object.keys(object).sort();
  let out = '{';
  for (const key of keys) {
    const field = object[key];
    if (field === undefined) continue;
    out += `${out.length > 1 ? ',' : ''}${quotedKey(key)}:${canonicalJson(field)}`;
  }
  return `${out}}`;
}

const QUOTED_KEYS = new Map<string, string>();
const MAX_QUOTED_KEYS = 10_000;

function quotedKey(key: string): string {
  let quoted = QUOTED_KEYS.get(key);
  if (quoted === undefined) {
    quoted = JSON.stringify(key);
    // Price maps and option lists bring keys of their own: the cache stays bounded.
    if (QUOTED_KEYS.size < MAX_QUOTED_KEYS) QUOTED_KEYS.set(key, quoted);
  }
  return quoted;
}

/** Stable hash of what the row sends: its kind, payload and planned status. */
export function fingerprintOf(plan: RowPlan): string {
  const sent =
    plan.kind === 'skip'
      ? { kind: 'skip' }
      : { kind: plan.kind, payload: plan.payload, status: plan.kind === 'update' ? plan.status : undefined };
  // One-shot hash: a quarter of createHash().update().digest() for text this short.
  return hash('sha256', canonicalJson(sent), 'base64url').slice(0, 22);
}

/**
 * The row as written, as a digest: its cells under the sheet's row signature
 * (src/sheet/map/row-signature.ts: headers, mapping, mapper version). Equal cells map to an equal
 * payload, so a delta sync tells an unchanged row from the ledger by hashing the cells it already
 * holds: no payload JSON per row, which a 100,000-row delta sync would otherwise spend most of its
 * time on. A digest, not the text: the ledger holds about 30 bytes for it whatever the row holds
 * (the file ledger's index is in memory, the Redis one in Redis). Rows whose digest differs still
 * get the payload check, so only `fp` decides that a row changed.
 */
export function rowDigestOf(signature: string, cells: readonly string[]): string {
  // Each cell is length-prefixed, so no cell content (separators included) can imitate a split.
  let text = `${signature}\u001e`;
  for (const cell of cells) text += `${cell.length}:${cell}`;
  return `${DIGEST}${hash('sha256', text, 'base64url').slice(0, 22)}`;
}

const DIGEST = '#';
