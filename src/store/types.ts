/**
 * The store API's shapes, as catalog-sync sends and exposes them (source: ../shared/vendor-api.md).
 * The request payloads and Category live in src/api-types.ts (sheet/ builds them too) and are
 * exported here as well. Responses are parsed by the client: numeric strings become numbers and
 * "0"/"1" flags booleans.
 */
import type {
  BrandUpdateRequest,
  CreateProductRequest,
  ProductStatusRequest,
  UpdateProductRequest,
  Category,
} from '../api-types.ts';
import type { StoreIdentity } from './identity.ts';

export type * from '../api-types.ts';

/** What a write call tells the caller (the report shows these). */
export interface WriteResult {
  httpStatus: number;
  /** The API's message, when its body had one. */
  message: string | undefined;
  /** HTTP attempts made for this call, retries included (logins not counted). */
  attempts: number;
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

/** What a caller may add to a write. */
export interface WriteOptions {
  /**
   * Runs once, right before the write's first request leaves (it has its rate-gate slot and its
   * token): where a create is marked in flight. If it throws, nothing is sent and the write
   * rejects with that error.
   */
  beforeSend?: () => Promise<void>;
  /**
   * Each HTTP exchange of the write (a retry's too) runs in it: the caller's cap on requests in
   * flight (the sync engine's CONCURRENCY). Taken after `beforeSend`, let go when the answer is in,
   * so the work before and after a request never holds one.
   */
  requestSlot?: RequestSlot;
}

/** Runs `exchange` while it holds one of the caller's request slots. */
export type RequestSlot = <T>(exchange: () => Promise<T>) => Promise<T>;

/** The eight operations of the store API. The sync engine depends on this, not on the class. */
export interface StoreApi {
  /** The store every call goes to: what a batch, its report and its Redis keys are recorded under. */
  readonly identity: StoreIdentity;
  authorize(): Promise<Session>;
  createProduct(product: CreateProductRequest, options?: WriteOptions): Promise<WriteResult>;
  updateProduct(product: UpdateProductRequest, options?: WriteOptions): Promise<WriteResult>;
  setProductStatus(request: ProductStatusRequest, options?: WriteOptions): Promise<WriteResult>;
  listCategories(): Promise<Category[]>;
  updateBrand(brand: BrandUpdateRequest, options?: WriteOptions): Promise<WriteResult>;
  listTaxes(): Promise<TaxEntry[]>;
  listVouchers(): Promise<Voucher[]>;
}
