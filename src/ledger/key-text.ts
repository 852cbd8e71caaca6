/**
 * Ledger keys as people write and read them (`catalog-sync ledger`): `barcode=6291000000001`,
 * `product_id=123`, `brand_id=5`, `<key column>=<value>`, a bare value of the key column, or the
 * key itself (`k:barcode:6291000000001`, `p:123`, `b:5`, `f:<sha256>`; rules.ts ledgerKeyOf).
 */

export interface KeyParts {
  /** `create` (a key column's value), `product`, `brand`, or `file` (a drop-folder file's content). */
  kind: 'create' | 'product' | 'brand' | 'file' | 'other';
  /** The key column (creates), else the field that names the thing. */
  field: string;
  value: string;
}

export function keyFromText(text: string, keyColumn: string): string {
  const trimmed = text.trim();
  if (/^[kpbf]:/.test(trimmed)) return trimmed;
  const eq = trimmed.indexOf('=');
  if (eq <= 0) return `k:${keyColumn}:${trimmed}`;
  const field = trimmed.slice(0, eq).trim();
  const value = trimmed.slice(eq + 1).trim();
  if (field === 'product_id') return `p:${value}`;
  if (field === 'brand_id') return `b:${value}`;
  return `k:${field}:${value}`;
}

export function keyParts(key: string): KeyParts {
  const [kind, ...rest] = key.split(':');
  if (kind === 'k' && rest.length >= 2) return { kind: 'create', field: rest[0]!, value: rest.slice(1).join(':') };
  if (kind === 'p') return { kind: 'product', field: 'product_id', value: rest.join(':') };
  if (kind === 'b') return { kind: 'brand', field: 'brand_id', value: rest.join(':') };
  if (kind === 'f') return { kind: 'file', field: 'sha256', value: rest.join(':') };
  return { kind: 'other', field: '', value: key };
}

/** `barcode 6291000000001`, `product_id 123`, `file sha256 ab12...`. */
export function describeLedgerKey(key: string): string {
  const parts = keyParts(key);
  if (parts.kind === 'other') return key;
  return parts.kind === 'file' ? `file sha256 ${parts.value}` : `${parts.field} ${parts.value}`;
}
