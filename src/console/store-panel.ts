/**
 * The store panel: the store's name, its categories with their product counts, the limits used
 * (products against product_limit, categories against category_limit) and the rate in effect.
 * Built field by field from an allow-list: the authorization answer also carries the courier and
 * payment keys (dropped at parse time, src/store/types.ts), and nothing else of it is passed on.
 */
import type { StoreApi } from '../store/types.ts';
import type { StoreView } from './answers/panels.ts';

export interface StoreRateNow {
  perSecond: number;
  source: 'store' | 'given' | 'default';
}

export async function storeView(client: StoreApi, rate: () => Promise<StoreRateNow>): Promise<StoreView> {
  const [session, categories, rateNow] = await Promise.all([client.authorize(), client.listCategories(), rate()]);
  const { store } = session;
  const listed = categories.map((c) => ({
    category_id: c.category_id,
    category_name: c.category_name,
    category_name_ar: c.category_name_ar ?? null,
    product_total: c.product_total,
  }));
  return {
    store_name: store.store_name,
    store_name_ar: store.store_name_ar,
    time_zone: store.time_zone,
    categories: listed,
    limits: {
      products: { used: listed.reduce((sum, c) => sum + c.product_total, 0), limit: store.product_limit },
      categories: { used: listed.length, limit: store.category_limit },
    },
    rate: { perSecond: rateNow.perSecond, source: rateNow.source },
  };
}
