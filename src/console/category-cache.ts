/**
 * The store's category list as the console keeps it: one call serves an upload's plan, its
 * batch and the fix grid's checks, and the uploads after it for a while. A category added in the
 * store's admin is seen once the kept list is older than KEEP_MS; a failed call is not kept (the
 * next upload asks again). The preview names ids from the list kept, never asking for it: showing
 * a plan sends nothing to the store.
 */
import type { Category } from '../api-types.ts';
import type { CategorySource } from '../sheet/index.ts';
import type { StoreApi } from '../store/types.ts';

/** How long a list is kept. */
export const KEEP_MS = 10 * 60_000;

export interface KeptCategories {
  /** The list, asked of the store when none is kept (or the kept one is too old). */
  readonly list: CategorySource;
  /** The list kept now, without asking; null when none is. */
  kept(): readonly Category[] | null;
}

export function keptCategories(
  client: Pick<StoreApi, 'listCategories'>,
  clock: () => number = Date.now,
): KeptCategories {
  let kept: { list: Promise<readonly Category[]>; at: number } | null = null;
  let answered: readonly Category[] | null = null;
  const fresh = (): boolean => kept !== null && clock() - kept.at <= KEEP_MS;
  return {
    list: () => {
      if (kept === null || !fresh()) {
        const list = client.listCategories();
        const entry = { list, at: clock() };
        kept = entry;
        list.then(
          (categories) => {
            if (kept === entry) answered = categories;
          },
          () => {
            if (kept === entry) kept = null;
          },
        );
      }
      return kept.list;
    },
    kept: () => (fresh() ? answered : null),
  };
}
