/**
 * A problem with one row, and the kinds of sheet: their own module, importing only the messages'
 * types, so the console's page reads the same types in the browser (src/console/answers/).
 */
import type { MessageParams } from '../messages/types.ts';

export type IssueSeverity = 'error' | 'warning';

/** A problem with one row (or, with row 1, with the header). */
export interface RowIssue {
  row: number;
  /** The header as the user wrote it, or null when the issue is about the whole row. */
  column: string | null;
  /** Stable code, e.g. `not_a_number`, `required`, `duplicate_barcode`, `mojibake`. */
  code: string;
  /** In English; `messageKey` and `params` give it in any language (messages/textOf). */
  message: string;
  /** The message's catalogue key (src/messages): the code, or the code and a variant. */
  messageKey?: string;
  params?: MessageParams;
  severity: IssueSeverity;
}

export type SheetKind = 'products' | 'brands';
