/** The guard's settings: when a sheet is held until a person confirms it (src/sync/guard.ts). */
import { z } from 'zod';

/** A share from 0 (exclusive) to 1; 1 holds nothing back. */
const share = (what: string) =>
  z.coerce
    .number({ error: `must be a number from 0 to 1 (${what})` })
    .gt(0, 'must be greater than 0 (1 turns the check off)')
    .max(1, 'must be at most 1 (1 turns the check off)');

export const guardSettings = {
  guardPriceDrop: share('0.5: a price more than 50% below the one last sent'),
  guardChangeShare: share('0.5: more than half of the products catalog-sync knows'),
  guardMinKnown: z.coerce
    .number({ error: 'must be a whole number (products known before the change share applies)' })
    .int('must be a whole number')
    .min(0, 'must be 0 or more'),
};

export const GUARD_ENV = {
  guardPriceDrop: 'GUARD_PRICE_DROP',
  guardChangeShare: 'GUARD_CHANGE_SHARE',
  guardMinKnown: 'GUARD_MIN_KNOWN',
} as const satisfies Record<keyof typeof guardSettings, string>;

/** The guard's settings a store of the stores file may set for itself. */
export const STORE_GUARD_SCHEMAS = { share } as const;
