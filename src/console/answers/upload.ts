/**
 * What `POST /api/uploads` (and `POST /api/uploads/{id}/mapping`) answers: the server builds it
 * (upload-answer.ts) and the page (page/types.ts) reads it by these same types. Type-only, and
 * importing only modules that import no Node: the page's browser check compiles them
 * (test/console/page-imports.test.ts).
 */
import type { FieldChoice } from '../../messages/console.ts';
import type { PlanCounts, SheetSummary } from '../../sheet/map/summary-shape.ts';
import type { GuardVerdict } from '../../sync/guard-verdict.ts';

export type { NameRead } from '../../sheet/map/name-read.ts';
export type { RowIssue } from '../../sheet/row-issue.ts';

/** `validate`'s summary of a sheet, with the plan's counts beside it (upload-plan.ts). */
export interface SheetAnswer extends SheetSummary {
  plan: PlanCounts;
  /** Each field read by the header the sheet gives it (`sale_price` -> `السعر`). */
  columns: Readonly<Record<string, string>>;
  /** Products of the store's records the sheet no longer lists, retired (the upload's absentStatus). */
  retired: number;
}

/** What the mapping step shows: each header and the field it fills now (null: none). */
export interface MappingProposal {
  headers: { header: string; field: string | null }[];
  /** The sheet's first rows, their cells in header order. */
  rows: string[][];
  fields: readonly FieldChoice[];
}

export interface UploadAnswer {
  uploadId: string;
  name: string;
  bytes: number;
  valid: boolean;
  sheets: SheetAnswer[];
  guard: GuardVerdict;
  /** The saved mapping the sheet was read with, by name; null: the aliases alone, or a mapping sent. */
  mappingUsed: string | null;
  /** The sheet's columns the aliases (and the mapping) leave unread: the mapping step; else null. */
  mapping: MappingProposal | null;
}
