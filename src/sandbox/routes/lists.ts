/** The store's lists (categories, taxes, vouchers) and the brand update. Numbers go out as text. */
import { storeError } from '../http.ts';
import type { StoreRoute } from './context.ts';

export const categoriesRoute: StoreRoute = {
  // Declared GET in the reference, sent as POST by its examples: both answer the same.
  methods: ['GET', 'POST'],
  needsToken: true,
  handle: (store) => {
    const data = store.state.categories().map((c) => ({
      category_id: String(c.category_id),
      category_name: c.category_name,
      category_name_ar: c.category_name_ar,
      image: c.image,
      product_total: String(store.state.productTotal(c.category_id)),
    }));
    return { status: 200, body: { status: true, total: String(data.length), data } };
  },
};

export const brandsRoute: StoreRoute = {
  methods: ['PUT'],
  needsToken: true,
  handle: (store, body) => {
    const outcome = store.state.updateBrand(body);
    return outcome.ok
      ? { status: 200, body: { status: true, message: 'Brand updated' } }
      : storeError(400, outcome.message);
  },
};

export const taxesRoute: StoreRoute = {
  methods: ['POST'],
  needsToken: true,
  handle: (store) =>
    // The reference's "no result" answer is a bare {message}, not the standard error body.
    store.noTaxes
      ? { status: 404, body: { message: 'Not found.' } }
      : { status: 200, body: { status: true, data: store.state.taxes() } },
};

export const vouchersRoute: StoreRoute = {
  methods: ['POST'],
  needsToken: true,
  handle: (store) => ({ status: 200, body: { status: true, vouchers: store.state.vouchers() } }),
};
