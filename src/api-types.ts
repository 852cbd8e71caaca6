/**
 * The store API's payloads: what a sheet row becomes (sheet/) and the store client sends
 * (store/), and the category list templates offer. Both import them from here, below both
 * (source: ../shared/vendor-api.md).
 *
 * Requests carry numbers as JSON numbers, as the reference's examples do (its field tables say
 * strings; both shapes are shown, and the examples are what the store is known to accept).
 */

/** A number flag as the API writes it: 0 or 1. */
export type Flag = 0 | 1;

export interface ProductOption {
  title?: string;
  title_ar?: string;
  related?: Flag;
  with_stock?: Flag;
  /** `multi_select` is the only value the reference shows; others are passed through. */
  type?: string;
  required?: Flag;
  more_extras?: Flag;
  /** Index key ("0", "1", ...) to option-value identifier. */
  option_values?: Record<string, number>;
}

/** The product fields of create_product and update_product. Absent means "not sent". */
export interface ProductFields {
  title?: string;
  title_ar?: string;
  description?: string;
  description_ar?: string;
  category?: number;
  sub_category?: number;
  brand_id?: number;
  weight?: number;
  sale_price?: number;
  purchase_price?: number;
  shipping_cost?: number;
  /** Text key to price; the meaning of keys is not shown in the reference. */
  prices?: Record<string, number>;
  purchase_limit?: number;
  barcode?: string;
  sort_order?: number;
  /** Comma-separated tags. */
  tag?: string;
  unit?: number;
  catering?: Flag;
  featured?: Flag;
  preparation_time?: number;
  preparation_type?: number;
  pdt_discount?: number;
  pdt_special_price_discount?: number;
  all_branches?: Flag;
  /** Index key to number. */
  celebrity?: Record<string, number>;
  /** Index key to option. */
  product_option?: Record<string, ProductOption>;
}

export type CreateProductRequest = ProductFields;

export interface UpdateProductRequest extends ProductFields {
  product_id: number;
}

export interface ProductStatusRequest {
  product_id: number;
  product_status: number;
}

export interface BrandUpdateRequest {
  brand_id: number;
  brand_name: string;
  brand_name_ar: string;
}

export interface Category {
  category_id: number;
  category_name: string;
  category_name_ar: string;
  image: string | null;
  product_total: number;
}
