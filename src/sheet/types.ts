/**
 * What reading a sheet produces: one SheetRowResult per data row, in file order.
 * Row problems are data (RowIssue), never exceptions; only a file that cannot be read at all
 * throws (SheetFileError).
 */
import type {
  BrandUpdateRequest,
  CreateProductRequest,
  ProductStatusRequest,
  UpdateProductRequest,
} from '../api-types.ts';
import { textOf, type Lang, type MessageCarrier, type MessageRef, type Said } from '../messages/index.ts';
import type { XlsxCell } from '../xlsx/index.ts';
import type { RowIssue } from './row-issue.ts';

/** A cell as the reader hands it over, before mapping (a CSV cell is a string or null). */
export type Cell = XlsxCell;

/** One data row as read. `row` is the number Excel shows (header is row 1, first data row 2). */
export interface RawRow {
  row: number;
  values: Cell[];
  /** XLSX: number format codes of formatted number and date cells, by column (see XlsxRow). */
  formats?: (string | undefined)[];
  /** XLSX: hidden in Excel, by hand or by a filter (synced all the same; the summary counts them). */
  hidden?: true;
}

// Their own module, importing nothing of Node: the console's page reads them in the browser.
export type { IssueSeverity, RowIssue, SheetKind } from './row-issue.ts';

/** Which sheet of a workbook was read, and the hidden sheets that were not (read only when named). */
export interface SheetRead {
  name: string;
  hiddenSkipped: string[];
}

/**
 * What a valid row asks the store to do. A product row with product_status and other fields
 * plans an update followed by a status change (`status` set on the update plan). `note`: how a
 * value was read that the row's outcome message must tell (a currency removed, an identifier's
 * full digits sent), in English, and `notes` the same as messages for any language; they travel
 * with the plan, through the queue too, and are not sent.
 */
export type RowPlan =
  | { kind: 'create'; payload: CreateProductRequest; note?: string; notes?: MessageRef[] }
  | { kind: 'update'; payload: UpdateProductRequest; status?: number; note?: string; notes?: MessageRef[] }
  | { kind: 'status'; payload: ProductStatusRequest; note?: string; notes?: MessageRef[] }
  | { kind: 'brand'; payload: BrandUpdateRequest }
  | { kind: 'skip'; reason: string };

export interface SheetRowResult {
  row: number;
  /** The row's cells as text, in header order, exactly as the user wrote them (for reports). */
  cells: string[];
  /** null when the row has errors (then `issues` holds at least one error). */
  plan: RowPlan | null;
  /** Errors and warnings for this row. */
  issues: RowIssue[];
  /**
   * The row number this row had in an earlier sheet, from a report's `row` column (failed.csv,
   * results.xlsx). Re-runs report it, so a person finds the row where they first saw it.
   */
  originalRow?: number;
  /** The row is hidden or filtered out in Excel: synced like any other, counted by the summary. */
  hidden?: true;
}

/**
 * A file that cannot be read at all. `message` is `<file>: <detail>` in English, as logs and
 * older callers know it; `detail` carries the catalogue key and parameters (a `file.*` entry),
 * so `textIn` tells it in any language. A plain string detail (a cause we cannot name) stays
 * as written in every language.
 */
export class SheetFileError extends Error {
  override readonly name = 'SheetFileError';
  readonly detail: MessageCarrier;
  constructor(
    readonly file: string,
    readonly code: string,
    detail: string | Said,
    options?: { cause?: unknown },
  ) {
    const carrier: MessageCarrier = typeof detail === 'string' ? { message: detail } : detail;
    super(`${file}: ${carrier.message}`, options);
    this.detail = carrier;
  }

  /** `<file>: <detail>` in `lang`; `file` is how the reader knows the file (an upload's own name). */
  textIn(lang: Lang, file: string = this.file): string {
    return `${file}: ${textOf(this.detail, lang)}`;
  }
}
