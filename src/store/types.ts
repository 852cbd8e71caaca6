/**
 * The store API's shapes, as catalog-sync sends and exposes them (source: ../shared/vendor-api.md).
 *
 * Requests carry numbers as JSON numbers, as the reference's examples do (its field tables say
 * strings; both shapes are shown, and the examples are what the store is known to accept).
 * Responses are parsed by the client: numeric strings become numbers and "0"/"1" flags booleans.
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

/** What a write call tells the caller (the report shows these). */
export interface WriteResult {
  httpStatus: number;
  /** The API's message, when its body had one. */
  message: string | undefined;
  /** HTTP attempts made for this call, retries included (logins not counted). */
  attempts: number;
}

export interface Category {
  category_id: number;
  category_name: string;
  category_name_ar: string;
  image: string | null;
  product_total: number;
}

export interface TaxEntry {
  country_id: string;
  country_name: string;
  country_name_ar: string;
  tax: number;
}

export interface VoucherDetails {
  discount_type: string;
  discount_value: number;
  shipping_free: boolean;
  minimum_order_amount: number;
}

export interface Voucher {
  coupon_id: string;
  title: string;
  title_ar: string;
  description: string;
  description_ar: string;
  /** `YYYY-MM-DD` */
  till: string;
  code: string;
  coupon_limit: number;
  limit_per: string;
  thumb_image: string;
  details: VoucherDetails;
}

/**
 * The vendor store settings from authorization, with the third-party secrets
 * (courier_auth_key, courier_secret_key, payment_provider_api_key) removed at parse time:
 * catalog-sync never needs them, so it never holds them where a log or report could reach.
 */
export interface VendorStore {
  vendor_id: string;
  email: string;
  store_name: string;
  store_name_ar: string;
  country: string;
  time_zone: string;
  currency_title: string;
  product_limit: number | null;
  category_limit: number | null;
  brand_limit: number | null;
  /** Every other field as the API sent it (strings), secrets excluded. */
  raw: Record<string, unknown>;
}

export interface Session {
  /** Milliseconds since the epoch at which the token is taken to expire. */
  expiresAt: number;
  store: VendorStore;
}

/** The eight operations of the store API. The sync engine depends on this, not on the class. */
export interface StoreApi {
  authorize(): Promise<Session>;
  createProduct(product: CreateProductRequest): Promise<WriteResult>;
  updateProduct(product: UpdateProductRequest): Promise<WriteResult>;
  setProductStatus(request: ProductStatusRequest): Promise<WriteResult>;
  listCategories(): Promise<Category[]>;
  updateBrand(brand: BrandUpdateRequest): Promise<WriteResult>;
  listTaxes(): Promise<TaxEntry[]>;
  listVouchers(): Promise<Voucher[]>;
}
