/** What the console's API answers, as the page reads it (README, "Console": the HTTP API). */
import type { Outcome, PlanAction } from '../../outcome.ts';

export type Counts = Partial<Record<Outcome, number>>;

export interface Issue {
  row: number;
  column?: string | null;
  message: string;
  /** The message's parameters (src/messages): `hint` is a "did you mean" of an unknown column. */
  params?: Record<string, unknown>;
  severity: 'error' | 'warning';
}

export interface SheetSummary {
  rows: number;
  creates: number;
  updates: number;
  statusChanges: number;
  brandUpdates: number;
  invalidRows: number;
  /** What the sync will do with the rows, against what catalog-sync knows of the store (its plan). */
  plan: Record<PlanAction, number>;
  /** Rows hidden or filtered out in Excel (sent like any other). */
  hiddenRows: number;
  /** Products of the store's records the sheet no longer lists, retired (the upload's absentStatus). */
  retired?: number;
  headerIssues: Issue[];
  issues: Issue[];
  issuesLeftOut: number;
  /** Each field read by the header the sheet gives it (`sale_price` -> `السعر`). */
  columns?: Record<string, string>;
  /** Category names read as the store's ids, each once (src/sheet/map/category-cells.ts). */
  categoryNames?: NameRead[];
}

/** A category name read as the store's id (src/sheet/map/category-cells.ts NameRead). */
export interface NameRead {
  column: string;
  text: string;
  id: number;
  name: string;
  nameAr: string;
}

export interface UploadAnswer {
  uploadId: string;
  name: string;
  sheets: SheetSummary[];
  /** The saved mapping the sheet was read with (mapping-api.ts), or null. */
  mappingUsed?: string | null;
  /** The mapping step, for a sheet with columns the aliases do not read; else null. */
  mapping?: MappingProposal | null;
}

export interface MappingProposal {
  headers: { header: string; field: string | null }[];
  rows: string[][];
  fields: { field: string; en: string; ar: string }[];
}

export interface SavedMapping {
  name: string;
  columns: Record<string, string | null>;
}

export interface StoreRef {
  name?: string | null;
  url: string;
  account: string;
}

export type BatchStatus = 'queued' | 'running' | 'done' | 'failed';

export interface BatchJson {
  batchId: string;
  status: BatchStatus;
  source: string;
  dryRun: boolean;
  total: number | null;
  done: number;
  counts: Counts;
  rowsPerSecond: number | null;
  rate: number;
  etaSeconds: number | null;
  error?: string;
  store: StoreRef | null;
}

/** A row that needs attention: GET /api/batches/{id}/rows. */
export interface ProblemRow {
  row: number;
  outcome: 'invalid' | 'failed' | 'unknown';
  message: string;
  column?: string | null;
  hint?: string | null;
  /** The StoreError or row-issue code, when the report keeps it. */
  code?: string | null;
  cells: Record<string, string>;
}

export interface ProblemPage {
  rows: ProblemRow[];
  total: number;
  offset: number;
  limit: number;
}

/** A row problem found by a fix check, or a 422 of a fix. */
export interface RowError {
  row: number;
  column?: string | null;
  message: string;
}

export interface Change {
  field: string;
  /** What catalog-sync last sent; null when it never sent the field (or the product). */
  before: unknown;
  after: unknown;
}

/** What a row of an upload will do: GET /api/uploads/{id}/preview. */
export interface ChangeRow {
  row: number;
  action: PlanAction;
  changes: Change[];
  /** False: catalog-sync has sent this product nothing yet, so "before" is not known. */
  seen: boolean;
  /** Why the row sends nothing (invalid, a planned skip, a product already created). */
  message?: string;
  /** For a row not sent: the outcome the sync reports for it. */
  outcome?: Outcome;
}

export interface ChangePage {
  rows: ChangeRow[];
  total: number;
  /** The name of each category id the page's rows send, in the page's language (when the store's list was read). */
  categories?: Record<string, string>;
}

/** A held sheet: POST /api/batches answers 409 {guard} until the person confirms. */
export type { GuardVerdict as Guard, PriceDrop } from '../../sync/guard-verdict.ts';

/** What POST /api/batches/{id}/reconcile answers (src/console/reconcile-view.ts), texts in the page's language. */
/** POST /api/batches/{id}/undo (console/undo-api.ts). */
export interface UndoAnswer {
  batchId: string | null;
  undoes: string;
  send: { productId: number; changes: string; note?: string; changedSince: string[] }[];
  left: { key: string; productId: number | null; code: string; reason: string }[];
}

export interface ReconcileAnswer {
  batchId: string;
  dryRun: boolean;
  changed: { row: number; category: string; was: string; now: 'created' | 'failed'; reason: string }[];
  leftUnknown: { row: number; category: string; reason: string }[];
  warnings: string[];
}
