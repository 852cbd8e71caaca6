/**
 * What the engine needs from an opened sheet (src/sheet's openSheet returns this shape). Passed
 * in as a function so tests and benches can feed rows without files.
 */
import type { RowIssue, SheetKind, SheetRowResult } from '../sheet/types.ts';
import type { ColumnMapping } from './types.ts';

export interface OpenedSheet {
  file: string;
  kind: SheetKind;
  /** The workbook sheet read (null for CSV) and the hidden ones skipped: said in the summary. */
  sheetName?: string | null;
  hiddenSheetsSkipped?: string[];
  headers: string[];
  headerIssues: RowIssue[];
  /** What a row's cells mean (src/sheet/map/row-signature.ts); without it the ledger compares payloads. */
  rowSignature?: string;
  rows(): AsyncIterable<SheetRowResult>;
  close?(): Promise<void>;
}

export type SheetOpener = (
  file: string,
  options: { columns?: ColumnMapping | undefined; sheet?: string | undefined; maxTextLength?: number | undefined },
) => Promise<OpenedSheet>;
