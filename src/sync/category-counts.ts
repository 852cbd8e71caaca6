/**
 * The categories' product_total around a batch (report/category-counts.ts): taken once just
 * before the batch's first create leaves (every create waits for it) and once after its last row.
 * A batch that sends no create makes no categories call. A failed call never fails a row: the
 * batch goes on and its summary says which snapshot is missing and why.
 */
import type { Logger } from '../log.ts';
import type { CategoryCounts, CategoryTotals, CountsSnapshot } from '../report/category-counts.ts';
import type { StoreApi } from '../store/types.ts';

export type CountsTaker = () => Promise<CountsSnapshot>;

/** One categories call: product_total per category_id, and when the answer came. */
export function countsTaker(client: Pick<StoreApi, 'listCategories'>, clock: () => number): CountsTaker {
  return async () => {
    const categories = await client.listCategories();
    const totals: CategoryTotals = {};
    for (const c of categories) if (Number.isFinite(c.product_total)) totals[String(c.category_id)] = c.product_total;
    return { at: new Date(clock()).toISOString(), totals };
  };
}

export function problemText(which: 'before' | 'after', error: unknown): string {
  return `counts ${which} the batch not taken: ${error instanceof Error ? error.message : String(error)}`;
}

/** The local transport's snapshots (the queue keeps its own in Redis, queue/batch-counts.ts). */
export class CountsRecorder {
  private before: Promise<void> | null = null;
  private readonly counts: CategoryCounts = {};

  constructor(
    private readonly take: CountsTaker,
    private readonly logger: Logger,
    private readonly batchId: string,
  ) {}

  /** Resolves once the "before" snapshot is taken (or has failed); the first call takes it. */
  readonly beforeCreate = (): Promise<void> => (this.before ??= this.record('before'));

  /** After the last row: the "after" snapshot, when the batch has a "before" one. */
  async afterLastRow(): Promise<void> {
    if (this.before === null) return;
    await this.before;
    if (this.counts.before) await this.record('after');
  }

  /** For summary.json: undefined when the batch sent no create. */
  summary(): CategoryCounts | undefined {
    return this.before === null ? undefined : { ...this.counts };
  }

  private async record(which: 'before' | 'after'): Promise<void> {
    try {
      this.counts[which] = await this.take();
    } catch (error) {
      this.counts.problem = problemText(which, error);
      this.logger.warn({ batchId: this.batchId, err: error }, this.counts.problem);
    }
  }
}
