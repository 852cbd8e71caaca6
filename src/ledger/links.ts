/**
 * A product's keys, linked into one record. The store's create answers no product_id, so a record
 * starts under its create key (`k:<key column>:<value>`); a row that names both the product_id and
 * the key column's value (an update with a barcode, a line of `ledger link`) links them, and from
 * then on the record is written under both keys, each copy naming the other (`ln`): a lookup by
 * either finds the whole record at once, and a barcode-only row of a linked product is an update.
 * A row whose keys are linked to other products is refused, naming both: nothing is overwritten.
 * Pure.
 */
import { createKeyValue } from '../sheet/map/sheet-checks.ts';
import type { RowPlan } from '../sheet/types.ts';
import type { LedgerEntry, SentValues } from './ledger.ts';

/** Product keys start so: `p:<product_id>`. */
export const PRODUCT_KEY_PREFIX = 'p:';

/** The key a product is updated by. */
export function productKey(productId: number): string {
  return `${PRODUCT_KEY_PREFIX}${productId}`;
}

/** The product_id of a product key (`p:<id>`), or null for any other key. */
export function productIdOfKey(key: string): number | null {
  if (!key.startsWith(PRODUCT_KEY_PREFIX)) return null;
  const id = Number(key.slice(PRODUCT_KEY_PREFIX.length));
  return Number.isSafeInteger(id) ? id : null;
}

/** The create key a row names besides its product_id (an update with a barcode), or null. */
export function linkKeyOf(plan: RowPlan, keyColumn: string): string | null {
  if (plan.kind !== 'update') return null;
  const value = createKeyValue(plan.payload, keyColumn);
  return value === null ? null : `k:${keyColumn}:${value}`;
}

/** The product_id a record's create key is linked to, or null. */
export function linkedIdOf(entry: LedgerEntry | undefined): number | null {
  const key = entry?.ln?.find((k) => k.startsWith(PRODUCT_KEY_PREFIX));
  if (key === undefined) return null;
  const id = Number(key.slice(PRODUCT_KEY_PREFIX.length));
  return Number.isSafeInteger(id) ? id : null;
}

/** A linked record's copy under its create key: the record is counted under its product key. */
export function isSecondKey(key: string, entry: LedgerEntry): boolean {
  return !key.startsWith(PRODUCT_KEY_PREFIX) && linkedIdOf(entry) !== null;
}

/**
 * The plan a row is sent as: a create whose key is linked to a product the store confirmed is an
 * update of that product (the create payload's fields, by its product_id); any other plan as it is.
 */
export function linkedPlan(plan: RowPlan, entry: LedgerEntry | undefined): RowPlan {
  if (plan.kind !== 'create' || entry?.st !== 'synced') return plan;
  const id = linkedIdOf(entry);
  if (id === null) return plan;
  const { note, notes } = plan;
  return {
    kind: 'update',
    payload: { ...plan.payload, product_id: id },
    ...(note === undefined ? {} : { note }),
    ...(notes === undefined ? {} : { notes }),
  };
}

/** What a row's two keys hold, when they name different products: the keys and the entries in the way. */
export interface LinkConflict {
  key: string;
  other: string;
  entry: LedgerEntry;
}

/**
 * A row naming product `id` (its key `own`) and the create key `link`: refused when `link` is
 * linked to another product, or the product to another create key.
 */
export function linkConflictOf(
  own: string,
  ownEntry: LedgerEntry | undefined,
  link: string,
  linkEntry: LedgerEntry | undefined,
): LinkConflict | null {
  const linkedTo = linkEntry?.ln?.find((k) => k.startsWith(PRODUCT_KEY_PREFIX));
  if (linkEntry && linkedTo !== undefined && linkedTo !== own) return { key: link, other: linkedTo, entry: linkEntry };
  const ownLink = ownEntry?.ln?.find((k) => !k.startsWith(PRODUCT_KEY_PREFIX));
  if (ownEntry && ownLink !== undefined && ownLink !== link) return { key: own, other: ownLink, entry: ownEntry };
  return null;
}

/** The record's values, merged from both keys' copies (the product key's over the create key's). */
export function valuesOf(own: LedgerEntry | undefined, link?: LedgerEntry): SentValues | undefined {
  if (own?.v === undefined && link?.v === undefined) return undefined;
  // One record found under both keys (the planner's lookup of a linked product): nothing to merge.
  if (link === undefined || link === own || link.v === undefined) return own?.v ?? link?.v;
  return { ...link.v, ...own?.v };
}

/** The record's keys once this row is confirmed: its own, the create key it names, those it had. */
export function keysAfter(own: string, link: string | null, held: LedgerEntry | undefined): string[] {
  return [...new Set([own, ...(link === null ? [] : [link]), ...(held?.ln ?? [])])];
}

/** Where a link was read (a line of a file of links, or a sheet's row): what a later conflict names. */
export interface LinkSource {
  batch: string;
  row: number;
}

/**
 * The writes that link a product's create key to its product_id (`ledger link`): the record of
 * either key (or a new one, for a product catalog-sync did not create: a barcode-only row of it is
 * then an update, not a second product), written under both keys; a conflict when either key is
 * linked to another; null when they are linked already.
 */
export function linkWrites(
  own: string,
  link: string,
  found: { own: LedgerEntry | undefined; link: LedgerEntry | undefined },
  source: LinkSource,
): { writes: [string, LedgerEntry][] } | { conflict: LinkConflict } | null {
  const conflict = linkConflictOf(own, found.own, link, found.link);
  if (conflict) return { conflict };
  if (found.own?.ln?.includes(link) && found.link?.ln?.includes(own)) return null;
  // The record of the product key stands (it was updated last), the values of both merged.
  const base: LedgerEntry = found.own ??
    (found.link?.st === 'synced' ? found.link : undefined) ?? { fp: '', st: 'synced', ...source };
  const values = valuesOf(found.own, found.link);
  const record: LedgerEntry = { ...base, ...(values === undefined ? {} : { v: values }) };
  return {
    writes: [
      [own, { ...record, ln: [link] }],
      [link, { ...record, ln: [own] }],
    ],
  };
}
