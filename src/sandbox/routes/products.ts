/** The product writes: create_product, update_product, products_status. */
import { storeError, type Reply } from '../http.ts';
import type { Outcome } from '../state.ts';
import type { StoreRoute } from './context.ts';

function answer<T>(outcome: Outcome<T>, success: unknown): Reply {
  return outcome.ok ? { status: 200, body: success } : storeError(400, outcome.message);
}

export const createProductRoute: StoreRoute = {
  methods: ['POST'],
  needsToken: true,
  // The reference's success body is an empty object: the new product's id is not returned.
  handle: (store, body) => answer(store.state.createProduct(body), {}),
};

export const updateProductRoute: StoreRoute = {
  methods: ['POST'],
  needsToken: true,
  handle: (store, body) => answer(store.state.updateProduct(body), { status: true, message: 'Product updated' }),
};

export const productStatusRoute: StoreRoute = {
  methods: ['POST'],
  needsToken: true,
  handle: (store, body) => answer(store.state.setStatus(body), { status: true, message: 'Product status updated' }),
};
