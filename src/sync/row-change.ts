/**
 * What the planner decides for a row (plan-row.ts): its own module, importing only types that
 * import no Node, so the console's page reads the same shape in the browser (the preview,
 * src/console/answers/preview.ts).
 */
import type { MessageParams } from '../messages/types.ts';
import type { Outcome, PlanAction } from '../outcome.ts';

export interface FieldChange {
  field: string;
  /** The value last sent; null when it never was (an unseen product, or a field never sent). */
  before: unknown;
  after: unknown;
}

export interface RowChange {
  /** The row the person sees (a re-run's first row number). */
  row: number;
  action: PlanAction;
  /** For a row that is sent: each field it sends that differs from the value last sent. */
  changes: FieldChange[];
  /** Whether catalog-sync has sent this product before (its record holds values). */
  seen: boolean;
  /** For a row that is not sent: the outcome the sync reports for it, and its code. */
  outcome?: Outcome;
  code?: string;
  /** Why the row sends nothing, in English; `messageKey` and `params` say it in any language. */
  message?: string;
  messageKey?: string;
  params?: MessageParams;
  /**
   * A product of the store's records the sheet no longer lists (sync/retire.ts), given the
   * `absent` status: its product_id. Its row number comes after the sheet's last row.
   */
  retired?: number;
}
