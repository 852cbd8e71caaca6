/** Undo's settings: how many batches each product's record keeps, and the status that hides a product. */
import { z } from 'zod';

/** A product_status value (an integer, as products_status takes it). */
const hiddenStatus = z.coerce
  .number({ error: 'must be a whole number (the product_status that hides a product in the store)' })
  .int('must be a whole number');

export const undoSettings = {
  undoBatches: z.coerce
    .number({ error: 'must be a whole number (the batches a product record keeps for undo)' })
    .int('must be a whole number')
    .min(0, 'must be 0 (nothing kept: no undo) or more')
    .max(100, 'must be at most 100'),
  /** The product_status that hides a product in the store: what undoing a create sets; unset: creates are only listed. */
  hiddenStatus: hiddenStatus.optional(),
};

export const UNDO_ENV = {
  undoBatches: 'UNDO_BATCHES',
  hiddenStatus: 'HIDDEN_STATUS',
} as const satisfies Record<keyof typeof undoSettings, string>;

/** The undo settings a store of the stores file may set for itself. */
export const STORE_UNDO_SCHEMAS = { hiddenStatus } as const;
