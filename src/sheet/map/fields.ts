/**
 * The fields a sheet column can fill, with the kind of value each one takes. This table is the
 * one place that says what a product or brand column means; headers, values and templates read it.
 */
import type { ProductFields } from '../../api-types.ts';

/**
 * How a cell is read:
 * - text: trimmed, bidi controls removed, otherwise exact;
 * - number: a decimal number >= min;
 * - whole: a whole number >= min;
 * - id: a whole number >= 1 (an identifier);
 * - flag: 0 or 1 (yes/no, true/false, نعم/لا ...);
 * - ids: `|`-separated identifiers (product_option.<i>.option_values).
 */
export type ValueKind = 'text' | 'number' | 'whole' | 'id' | 'flag' | 'ids';

export interface ValueSpec {
  kind: ValueKind;
  /** Smallest allowed value for number/whole; ids always start at 1. */
  min?: number;
  /** An amount of money (number): a currency sign or code around it is removed, a percentage refused (money.ts). */
  money?: true;
}

/** Scalar product fields (the maps prices/celebrity/product_option are dotted columns). */
export type ScalarProductField = Exclude<keyof ProductFields, 'prices' | 'celebrity' | 'product_option'>;

export const PRODUCT_FIELD_SPECS: Readonly<Record<ScalarProductField, ValueSpec>> = {
  title: { kind: 'text' },
  title_ar: { kind: 'text' },
  description: { kind: 'text' },
  description_ar: { kind: 'text' },
  category: { kind: 'id' },
  sub_category: { kind: 'id' },
  brand_id: { kind: 'id' },
  weight: { kind: 'number', min: 0 },
  sale_price: { kind: 'number', min: 0, money: true },
  purchase_price: { kind: 'number', min: 0, money: true },
  shipping_cost: { kind: 'number', min: 0, money: true },
  purchase_limit: { kind: 'whole', min: 0 },
  barcode: { kind: 'text' },
  sort_order: { kind: 'whole', min: 0 },
  tag: { kind: 'text' },
  unit: { kind: 'number', min: 0 },
  catering: { kind: 'flag' },
  featured: { kind: 'flag' },
  preparation_time: { kind: 'number', min: 0 },
  preparation_type: { kind: 'whole', min: 0 },
  pdt_discount: { kind: 'number', min: 0 },
  pdt_special_price_discount: { kind: 'number', min: 0 },
  all_branches: { kind: 'flag' },
};

export const PRODUCT_FIELDS = Object.keys(PRODUCT_FIELD_SPECS) as ScalarProductField[];

export type OptionField =
  'title' | 'title_ar' | 'related' | 'with_stock' | 'type' | 'required' | 'more_extras' | 'option_values';

export const OPTION_FIELD_SPECS: Readonly<Record<OptionField, ValueSpec>> = {
  title: { kind: 'text' },
  title_ar: { kind: 'text' },
  related: { kind: 'flag' },
  with_stock: { kind: 'flag' },
  type: { kind: 'text' },
  required: { kind: 'flag' },
  more_extras: { kind: 'flag' },
  option_values: { kind: 'ids' },
};

export const OPTION_FIELDS = Object.keys(OPTION_FIELD_SPECS) as OptionField[];

/** `multi_select` is the only type the reference shows; others are passed through with a warning. */
export const KNOWN_OPTION_TYPES: readonly string[] = ['multi_select'];

export const PRICE_SPEC: ValueSpec = { kind: 'number', min: 0, money: true };
export const CELEBRITY_SPEC: ValueSpec = { kind: 'id' };
export const PRODUCT_ID_SPEC: ValueSpec = { kind: 'id' };
/** Allowed status values are not shown in the reference: any whole number >= 0 is passed on. */
export const PRODUCT_STATUS_SPEC: ValueSpec = { kind: 'whole', min: 0 };

export type BrandField = 'brand_id' | 'brand_name' | 'brand_name_ar';
export const BRAND_FIELD_SPECS: Readonly<Record<BrandField, ValueSpec>> = {
  brand_id: { kind: 'id' },
  brand_name: { kind: 'text' },
  brand_name_ar: { kind: 'text' },
};

/** Text fields that exist twice: base and `_ar`. */
export const BILINGUAL_PAIRS: readonly (readonly [ScalarProductField, ScalarProductField])[] = [
  ['title', 'title_ar'],
  ['description', 'description_ar'],
];

/** Fields a create row must fill (the reference does not show which are required; see docs). */
export const CREATE_REQUIRED: readonly ScalarProductField[] = ['title', 'sale_price', 'category'];

/** The values of the optional `action` column. */
export type RowAction = 'create' | 'update' | 'status' | 'skip';
