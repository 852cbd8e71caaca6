/** The store API's paths. */
import { authorizationRoute } from './authorization.ts';
import type { StoreRoute } from './context.ts';
import { brandsRoute, categoriesRoute, taxesRoute, vouchersRoute } from './lists.ts';
import { createProductRoute, productStatusRoute, updateProductRoute } from './products.ts';

export type { StoreContext, StoreRoute } from './context.ts';

export const STORE_ROUTES: ReadonlyMap<string, StoreRoute> = new Map([
  ['/v1/authorization', authorizationRoute],
  ['/v1/create_product', createProductRoute],
  ['/v1/update_product', updateProductRoute],
  ['/v1/products_status', productStatusRoute],
  ['/v1/categories', categoriesRoute],
  ['/v1/brands', brandsRoute],
  ['/v1/taxes', taxesRoute],
  ['/v1/vouchers', vouchersRoute],
]);
