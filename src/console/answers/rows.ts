/**
 * What `GET /api/batches/{id}/rows` answers (rows-api.ts): the rows that need attention, paged.
 * Shared by the server and the page (page/types.ts); type-only, importing nothing of Node.
 */
import type { Outcome } from '../../outcome.ts';

export interface RowView {
  row: number;
  outcome: Outcome;
  message: string;
  /** The header at fault, as written in the sheet; null when the message names none. */
  column: string | null;
  hint?: string;
  /** The StoreError or row-issue code, when the report keeps it. */
  code?: string;
  cells: Record<string, string>;
}

export interface RowsPage {
  rows: RowView[];
  total: number;
  offset: number;
  limit: number;
}
