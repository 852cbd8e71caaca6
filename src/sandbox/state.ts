/**
 * The sandbox store's in-memory data and the store's rules for changing it. No I/O: the HTTP
 * routes translate requests into these calls and the results into the reference's bodies.
 */
import { SEED_BRANDS, SEED_CATEGORIES, SEED_TAXES, SEED_VOUCHERS, type SeedCategory } from './seed.ts';
import type { SandboxBrand, SandboxProduct } from './types.ts';

export const FIRST_PRODUCT_ID = 1001;
export const PRODUCT_STATUSES: ReadonlySet<number> = new Set([0, 1, 2]);

/** A rule of the store was broken; the message is what the store answers (HTTP 400). */
export type Rejection = { ok: false; message: string };
export type Outcome<T> = { ok: true; value: T } | Rejection;

const reject = (message: string): Rejection => ({ ok: false, message });

/** A JSON id as the API sends it: a number or a numeric string. Anything else is no id. */
export function idOf(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isInteger(value) ? value : undefined;
  if (typeof value === 'string' && /^\s*-?\d+\s*$/.test(value)) return Number(value);
  return undefined;
}

/** Sent and meaningful: not absent, null or an empty string. */
function isSent(value: unknown): boolean {
  return value !== undefined && value !== null && value !== '';
}

export class SandboxState {
  private readonly productsById = new Map<number, SandboxProduct>();
  private readonly categoryById = new Map<number, SeedCategory>();
  private readonly brandById = new Map<number, SandboxBrand>();
  /** Products per category id, kept as products change so categories stays cheap. */
  private readonly totals = new Map<number, number>();
  private nextId = FIRST_PRODUCT_ID;

  constructor(
    readonly productLimit: number,
    private readonly clock: () => number,
    /** What update and status answer for a product_id the store does not have (SandboxOptions.unknownProductAnswer). */
    private readonly unknownProduct: string = 'Product not found',
  ) {
    for (const c of SEED_CATEGORIES) this.categoryById.set(c.category_id, { ...c });
    for (const b of SEED_BRANDS) this.brandById.set(b.brand_id, { ...b });
  }

  /** create_product: title required, category must exist, product_limit enforced (in that order). */
  createProduct(body: Record<string, unknown>): Outcome<SandboxProduct> {
    const fields = { ...body };
    delete fields.product_id;
    const invalid = this.checkFields(fields, true);
    if (invalid) return invalid;
    if (this.productsById.size >= this.productLimit) return reject('Product limit exceeded');
    return { ok: true, value: this.insert(fields, 1) };
  }

  /** update_product: fields sent are merged, fields not sent are kept. */
  updateProduct(body: Record<string, unknown>): Outcome<SandboxProduct> {
    const product = this.lookup(body.product_id);
    if (!product) return reject(this.unknownProduct);
    const fields = { ...body };
    delete fields.product_id;
    const invalid = this.checkFields(fields, false);
    if (invalid) return invalid;
    const before = idOf(product.fields.category);
    product.fields = { ...product.fields, ...fields }; // spread, not assign: a "__proto__" key stays data
    this.count(before, -1);
    this.count(idOf(product.fields.category), 1);
    product.updatedAt = this.clock();
    return { ok: true, value: product };
  }

  /** products_status: 0, 1 or 2; the same status again is refused as the reference shows. */
  setStatus(body: Record<string, unknown>): Outcome<SandboxProduct> {
    const status = idOf(body.product_status);
    if (status === undefined || !PRODUCT_STATUSES.has(status)) return reject('Invalid product status');
    const product = this.lookup(body.product_id);
    if (!product) return reject(this.unknownProduct);
    if (product.product_status === status) return reject('Same product status');
    product.product_status = status;
    product.updatedAt = this.clock();
    return { ok: true, value: product };
  }

  /** PUT brands: names sent as strings replace the brand's names. */
  updateBrand(body: Record<string, unknown>): Outcome<SandboxBrand> {
    const id = idOf(body.brand_id);
    const brand = id === undefined ? undefined : this.brandById.get(id);
    if (!brand) return reject('Brand not found');
    if (typeof body.brand_name === 'string') brand.brand_name = body.brand_name;
    if (typeof body.brand_name_ar === 'string') brand.brand_name_ar = body.brand_name_ar;
    return { ok: true, value: brand };
  }

  /** A product put in place without a request, for tests of update and status. */
  seedProduct(fields: Record<string, unknown>, status = 1): SandboxProduct {
    return this.insert({ ...fields }, status);
  }

  product(id: number): SandboxProduct | undefined {
    return this.productsById.get(id);
  }

  products(): IterableIterator<SandboxProduct> {
    return this.productsById.values();
  }

  brands(): SandboxBrand[] {
    return [...this.brandById.values()].map((b) => ({ ...b }));
  }

  categories(): SeedCategory[] {
    return [...this.categoryById.values()].map((c) => ({ ...c }));
  }

  /** How many products name each category (for product_total). */
  productTotal(categoryId: number): number {
    return this.totals.get(categoryId) ?? 0;
  }

  taxes(): Record<string, unknown>[] {
    return SEED_TAXES.map((t) => ({ ...t }));
  }

  vouchers(): Record<string, unknown>[] {
    return SEED_VOUCHERS.map((v) => structuredClone(v));
  }

  private checkFields(fields: Record<string, unknown>, creating: boolean): Rejection | undefined {
    if (creating || 'title' in fields) {
      const title = fields.title;
      if (typeof title !== 'string' || title.trim() === '') return reject('title is required');
    }
    if (isSent(fields.category)) {
      const id = idOf(fields.category);
      if (id === undefined || !this.categoryById.has(id)) return reject('Category not found');
    }
    return undefined;
  }

  private lookup(rawId: unknown): SandboxProduct | undefined {
    const id = idOf(rawId);
    return id === undefined ? undefined : this.productsById.get(id);
  }

  private insert(fields: Record<string, unknown>, status: number): SandboxProduct {
    const now = this.clock();
    const product: SandboxProduct = {
      product_id: this.nextId++,
      product_status: status,
      fields,
      createdAt: now,
      updatedAt: now,
    };
    this.productsById.set(product.product_id, product);
    this.count(idOf(fields.category), 1);
    return product;
  }

  private count(categoryId: number | undefined, delta: number): void {
    if (categoryId !== undefined) this.totals.set(categoryId, (this.totals.get(categoryId) ?? 0) + delta);
  }
}
