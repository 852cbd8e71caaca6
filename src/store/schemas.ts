/**
 * zod schemas of the store's success bodies (vendor-api.md). They turn the API's text numbers and
 * "0"/"1" flags into numbers and booleans. Unknown extra fields are dropped, missing or mistyped
 * fields that catalog-sync exposes are errors. Messages never quote the received value.
 */
import { z } from 'zod';
import type { Category, TaxEntry, Voucher } from './types.ts';

const NUMBER_TEXT = /^\s*-?\d+(\.\d+)?\s*$/;
const NOT_A_NUMBER = 'expected a number or a number as text';

/** A number, or a number written as text ("43", "7.00"). */
export const numeric = z
  .union([z.number(), z.string().regex(NUMBER_TEXT, { error: NOT_A_NUMBER })], { error: NOT_A_NUMBER })
  .transform((value) => Number(value));

/** A whole number, or one written as text. */
export const integer = numeric.refine((value) => Number.isInteger(value), { error: 'expected a whole number' });

/** A flag as "0"/"1" (or 0/1, or a boolean). */
export const flag = z
  .union([z.literal(['0', '1']), z.literal([0, 1]), z.boolean()], { error: 'expected a flag "0" or "1"' })
  .transform((value) => value === true || value === 1 || value === '1');

/** An identifier the API may send as text or as a number; exposed as text. */
export const idText = z
  .union([z.string().min(1), z.number()], { error: 'expected an identifier' })
  .transform((value) => String(value));

/** Text that the reference says may be empty; null is read as empty too (the safe reading). */
export const optionalText = z
  .string({ error: 'expected text' })
  .nullish() // (a union with z.undefined() would not make the key optional in zod 4)
  .transform((value) => value ?? '');

const text = z.string({ error: 'expected text' });

/** The `status` of a success body: true when present. A false status is handled by the client. */
const successStatus = z.boolean({ error: 'expected true or false' }).optional();

export const categorySchema = z.object({
  category_id: integer,
  category_name: text,
  category_name_ar: optionalText,
  image: z
    .string({ error: 'expected a URL or null' })
    .nullish()
    .transform((v) => v ?? null),
  product_total: integer,
}) satisfies z.ZodType<Category, unknown>;

export const categoriesBody = z.object({
  status: successStatus,
  total: integer.optional(),
  data: z.array(categorySchema, { error: 'expected a list' }),
});

export const taxSchema = z.object({
  country_id: idText,
  country_name: text,
  country_name_ar: optionalText,
  tax: numeric,
}) satisfies z.ZodType<TaxEntry, unknown>;

export const taxesBody = z.object({
  status: successStatus,
  data: z.array(taxSchema, { error: 'expected a list' }),
});

/** Taxes' "no result" answer (HTTP 404): a body holding a single `message`. */
export const taxesNotFoundBody = z.object({ message: z.string() });

const voucherDetailsSchema = z.object({
  discount_type: text,
  discount_value: numeric,
  shipping_free: flag,
  minimum_order_amount: numeric,
});

export const voucherSchema = z.object({
  coupon_id: idText,
  title: text,
  title_ar: optionalText,
  description: optionalText,
  description_ar: optionalText,
  till: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'expected a date YYYY-MM-DD' }),
  code: text,
  coupon_limit: integer,
  limit_per: text,
  thumb_image: optionalText,
  details: voucherDetailsSchema,
}) satisfies z.ZodType<Voucher, unknown>;

export const vouchersBody = z.object({
  status: successStatus,
  vouchers: z.array(voucherSchema, { error: 'expected a list' }),
});

/** update_product, products_status and brands: `{status: true, message}` (create answers `{}`). */
export const writeBody = z.object({
  status: successStatus,
  message: z.string({ error: 'expected text' }).optional(),
});

export const authorizationBody = z.object({
  status: successStatus,
  message: z.string().optional(),
  access_token: z.string({ error: 'expected the token as text' }).min(1, { error: 'is empty' }),
  expires_in: numeric.refine((value) => value > 0, { error: 'expected a positive number' }),
  user_info: z.record(z.string(), z.unknown(), { error: 'expected an object' }),
});

/** A quota such as product_limit: a whole number as text; empty or absent means "not stated". */
export const limit = z
  .union([z.literal(''), integer], { error: 'expected a whole number as text' })
  .nullish()
  .transform((value) => (value === '' || value === null || value === undefined ? null : value));

export const vendorStoreFields = z.object({
  vendor_id: idText,
  email: optionalText,
  store_name: optionalText,
  store_name_ar: optionalText,
  country: idText.nullish().transform((v) => v ?? ''),
  time_zone: optionalText,
  currency_title: optionalText,
  product_limit: limit,
  category_limit: limit,
  brand_limit: limit,
});
