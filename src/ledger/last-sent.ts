/**
 * The last values catalog-sync sent each product and the store confirmed, field by field: what a
 * preview shows as "before" and the guard compares a new price with. Kept beside the ledger, per
 * store (a file beside the file ledger, a Redis hash under the store's `{scope}` keys), out of
 * the ledger's own entries and index: the ledger answers "was it sent", this "what was sent".
 * It is not a read of the store: the store API has no product read.
 */
import type { RowPlan } from '../sheet/types.ts';
import type { RowResult } from '../outcome.ts';

/** A product's fields as last sent (the API's names: sale_price, product_status, ...). */
export type SentValues = Readonly<Record<string, unknown>>;

export interface LastSent {
  /** One answer per key (ledger keys, rules.ts ledgerKeyOf), in order; undefined: never sent. */
  getMany(keys: readonly string[]): Promise<(SentValues | undefined)[]>;
  /** Records what was confirmed: each key's fields over the ones it had (an update sends some). */
  record(entries: ReadonlyArray<readonly [string, SentValues]>): Promise<void>;
  /** Drops what was sent for these keys (`ledger forget`: the product is gone, the next sync is a create). */
  forget(keys: readonly string[]): Promise<void>;
  /** How many products it knows. */
  size(): Promise<number>;
  close(): Promise<void>;
}

/** The fields a row's plan sends, as the store keeps them; null for a row that sends no product. */
export function sentValuesOf(plan: RowPlan): SentValues | null {
  switch (plan.kind) {
    case 'create':
      return { ...plan.payload };
    case 'update': {
      const { product_id: _id, ...fields } = plan.payload;
      return plan.status === undefined ? fields : { ...fields, product_status: plan.status };
    }
    case 'status':
      return { product_status: plan.payload.product_status };
    case 'brand':
    case 'skip':
      return null;
  }
}

/** Values are compared as JSON: a price list `{"1": 5}` equals the same list sent again. */
export function sameValue(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

/** Nothing kept (a rehearsal against a throwaway store): every product is unseen. */
export const NO_LAST_SENT: LastSent = {
  getMany: (keys) => Promise.resolve(keys.map(() => undefined)),
  record: () => Promise.resolve(),
  forget: () => Promise.resolve(),
  size: () => Promise.resolve(0),
  close: () => Promise.resolve(),
};

/** The outcomes that confirm what a row sent. */
const CONFIRMED: ReadonlySet<RowResult['outcome']> = new Set(['created', 'updated', 'status_changed', 'unchanged']);

export function confirmsSent(result: RowResult): boolean {
  return CONFIRMED.has(result.outcome);
}
