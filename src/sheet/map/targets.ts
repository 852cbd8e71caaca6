/**
 * What a column fills: the lookup tables from header keys to it (built once at load time), and
 * resolveTarget, which turns one header or --columns target into it.
 */
import { BRAND_ALIASES, BRAND_SHEET_ALIASES, OPTION_FIELD_ALIASES, PRODUCT_ALIASES } from './aliases.ts';
import {
  BRAND_FIELD_SPECS,
  OPTION_FIELDS,
  PRODUCT_FIELDS,
  type BrandField,
  type OptionField,
  type ScalarProductField,
} from './fields.ts';
import { toAsciiDigits } from './digits.ts';
import { cleanHeader, headerKey } from './header-key.ts';
import type { SheetKind } from '../types.ts';

export type ColumnTarget =
  | { kind: 'field'; field: ScalarProductField }
  | { kind: 'price'; key: string }
  | { kind: 'celebrity'; key: string }
  | { kind: 'option'; index: string; field: OptionField }
  | { kind: 'product_id' }
  | { kind: 'product_status' }
  | { kind: 'action' }
  | { kind: 'brand'; field: BrandField };

/** The canonical header of a target: what templates write and what duplicates are found by. */
export function canonicalName(target: ColumnTarget): string {
  switch (target.kind) {
    case 'field':
    case 'brand':
      return target.field;
    case 'price':
      return `prices.${target.key}`;
    case 'celebrity':
      return `celebrity.${target.key}`;
    case 'option':
      return `product_option.${target.index}.${target.field}`;
    default:
      return target.kind;
  }
}

const SPECIAL = ['product_id', 'product_status', 'action'] as const;

function productLookup(): Map<string, ColumnTarget> {
  const map = new Map<string, ColumnTarget>();
  for (const field of PRODUCT_FIELDS) map.set(headerKey(field), { kind: 'field', field });
  for (const special of SPECIAL) map.set(headerKey(special), { kind: special });
  for (const [name, aliases] of Object.entries(PRODUCT_ALIASES)) {
    const target = map.get(headerKey(name));
    if (!target || !aliases) continue;
    for (const alias of aliases) if (!map.has(headerKey(alias))) map.set(headerKey(alias), target);
  }
  return map;
}

function brandLookup(extra: boolean): Map<string, ColumnTarget> {
  const map = new Map<string, ColumnTarget>();
  for (const field of Object.keys(BRAND_FIELD_SPECS) as BrandField[]) {
    map.set(headerKey(field), { kind: 'brand', field });
    for (const alias of BRAND_ALIASES[field]) map.set(headerKey(alias), { kind: 'brand', field });
    if (extra) for (const alias of BRAND_SHEET_ALIASES[field]) map.set(headerKey(alias), { kind: 'brand', field });
  }
  return map;
}

function optionLookup(): Map<string, OptionField> {
  const map = new Map<string, OptionField>();
  for (const field of OPTION_FIELDS) {
    map.set(headerKey(field), field);
    for (const alias of OPTION_FIELD_ALIASES[field]) map.set(headerKey(alias), field);
  }
  return map;
}

export const PRODUCT_LOOKUP: ReadonlyMap<string, ColumnTarget> = productLookup();
/** Brand columns recognisable anywhere (used to tell a brand CSV from a product CSV). */
export const BRAND_LOOKUP: ReadonlyMap<string, ColumnTarget> = brandLookup(false);
/** Brand columns on a sheet known to hold brands: generic `name`, `id` also work. */
export const BRAND_SHEET_LOOKUP: ReadonlyMap<string, ColumnTarget> = brandLookup(true);
export const OPTION_LOOKUP: ReadonlyMap<string, OptionField> = optionLookup();

/** Every canonical/alias key with the canonical name it suggests ("did you mean"). */
export function suggestionNames(kind: 'products' | 'brands'): ReadonlyMap<string, string> {
  const names = new Map<string, string>();
  const lookup = kind === 'products' ? PRODUCT_LOOKUP : BRAND_SHEET_LOOKUP;
  for (const [key, target] of lookup) names.set(key, canonicalName(target));
  if (kind === 'products') {
    names.set(headerKey('prices.'), 'prices.<key>');
    names.set(headerKey('product_option.0.title'), 'product_option.0.title');
    names.set(headerKey('product_option.0.option_values'), 'product_option.0.option_values');
    names.set(headerKey('celebrity.0'), 'celebrity.0');
  }
  return names;
}

const PRICE = /^prices?\s*\.\s*(.+)$/i;
const CELEBRITY = /^celebrit(?:y|ies)\s*\.\s*(\d{1,4})$/i;
const OPTION = /^product[\s_-]*options?\s*\.\s*(\d{1,4})\s*\.\s*(.+)$/i;
const FRIENDLY_OPTION = /^(?:option|opt|الخيار|خيار)(\d{1,3})(.*)$/;

/** A header (or a --columns target) to what it fills on a sheet of `kind`, or null. */
export function resolveTarget(header: string, kind: SheetKind, brandSheetNames = true): ColumnTarget | null {
  const cleaned = cleanHeader(header);
  const key = headerKey(cleaned);
  if (kind === 'brands') return (brandSheetNames ? BRAND_SHEET_LOOKUP : BRAND_LOOKUP).get(key) ?? null;
  const direct = PRODUCT_LOOKUP.get(key);
  if (direct) return direct;
  const price = PRICE.exec(cleaned);
  if (price?.[1]) return { kind: 'price', key: price[1].trim() };
  const celebrity = CELEBRITY.exec(cleaned);
  if (celebrity?.[1]) return { kind: 'celebrity', key: String(Number(celebrity[1])) };
  const option = OPTION.exec(cleaned);
  if (option?.[1] && option[2]) {
    const field = OPTION_LOOKUP.get(headerKey(option[2]));
    return field ? { kind: 'option', index: String(Number(option[1])), field } : null;
  }
  const friendly = FRIENDLY_OPTION.exec(toAsciiDigits(key));
  if (friendly?.[1] !== undefined) {
    const number = Number(friendly[1]);
    const field = OPTION_LOOKUP.get(friendly[2] ?? '');
    if (number >= 1 && field) return { kind: 'option', index: String(number - 1), field };
  }
  return null;
}
