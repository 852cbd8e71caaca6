/**
 * What `GET /api/uploads/{id}/preview` answers (preview-api.ts): a page of the upload's plan, row
 * by row. Shared by the server and the page (page/types.ts); type-only, importing nothing of Node.
 */
import type { RowChange } from '../../sync/row-change.ts';

export type { FieldChange, RowChange } from '../../sync/row-change.ts';

export interface ChangePage {
  /** Each row's decision, its `message` in the language asked. */
  rows: RowChange[];
  total: number;
  offset: number;
  limit: number;
  /** The name of each category id the page's rows send, in the page's language (when the store's list was read). */
  categories?: Record<string, string>;
}
