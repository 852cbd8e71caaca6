/**
 * The sync engine's public shapes: what a caller (CLI, drop folder, schedules, rerun) asks for,
 * what it gets back, and the progress it can watch. Both transports (local and redis) take
 * the same SyncRequest and end with the same BatchSummary (report/summary.ts).
 */
import type { Lang } from '../messages/index.ts';
import type { Logger } from '../log.ts';
import type { ColumnMapping } from '../sheet/open.ts';
import type { CategorySource } from '../sheet/index.ts';
import type { SheetKind, SheetRead } from '../sheet/types.ts';
import type { StoreApi } from '../store/types.ts';
import type { BatchLedgerFactory, LedgerSettings } from '../ledger/batch-ledger.ts';
import { DEFAULT_KEY_COLUMN } from '../ledger/rules.ts';
import type { OutcomeCounts } from '../outcome.ts';
import type { AbsentSetting } from './retire.ts';

export interface SyncRequest {
  /** Path of the CSV/XLSX sheet. */
  file: string;
  /** Label for the summary (e.g. `drop:products.csv`, `job:nightly`); default: the file path. */
  source?: string;
  /** Column mapping (from `--columns map.yaml` or a job file). */
  columns?: ColumnMapping;
  /** XLSX: the sheet to read (default `Products`, else the first; `Brands` for brand rows). */
  sheet?: string;
  /** The ledger's settings (delta/full mode, key column); stored with the batch so every worker builds the same batch ledger. */
  ledger?: LedgerSettings;
  /** Only these rows are synced (matched against `originalRow ?? row`); others are not reported. */
  onlyRows?: ReadonlySet<number>;
  /** The batch this one re-runs (written to summary.json). */
  rerunOf?: string;
  /** The batch whose problem rows this one sends as fixed in the console (written to summary.json). */
  fixes?: string;
  /** The batch this one undoes: its rows put back what that batch changed (written to summary.json). */
  undoes?: string;
  /** Default: a fresh id from the clock (`20260122-031500-ab12cd`). */
  batchId?: string;
  /** Validate and check against the store; send no writes. */
  dryRun?: boolean;
  /**
   * List rows a delta sync skipped as unchanged in results.csv/results.xlsx too. By default they
   * are only counted (summary.json `skippedUnchanged`), so the report shows what changed.
   */
  listUnchanged?: boolean;
  /** The batch's language: its report's row messages are written in it (summary.json `lang`). @defaultValue 'en' */
  lang?: Lang;
  /**
   * The sheet is the whole catalog: once it is read whole, every product of the store's records
   * with a product_id that it does not list gets this status, in this batch (sync/retire.ts).
   * Not with onlyRows (a re-run's rows are no whole catalog).
   */
  absent?: AbsentSetting;
}

/** Identity of a batch. */
export interface BatchInfo {
  batchId: string;
  source: string;
  file: string;
  kind: SheetKind;
  /** For a workbook: the sheet read and the hidden ones skipped. */
  sheet?: SheetRead;
}

export const DEFAULT_LEDGER_SETTINGS: LedgerSettings = {
  mode: 'full',
  keyColumn: DEFAULT_KEY_COLUMN,
  retryUnknown: false,
};

export interface BatchProgress {
  batchId: string;
  done: number;
  /** null while the sheet is still being read. */
  total: number | null;
  /** invalid + failed + unknown so far. */
  problems: number;
  counts: OutcomeCounts;
}

export type ProgressListener = (progress: BatchProgress) => void;

/** What both transports need. */
export interface EngineDeps {
  client: StoreApi;
  /** Parent directory; a batch writes `<reportDir>/<batchId>/`. */
  reportDir: string;
  /** Requests per second (for the summary; the limit itself lives in the client's RateGate). */
  rate: number;
  /** Rows in flight per process. */
  concurrency: number;
  logger?: Logger;
  /** Milliseconds since the epoch; default Date.now. */
  clock?: () => number;
  /** Builds the batch's ledger from its settings; default: NO_LEDGER (every row is sent). */
  batchLedgers?: BatchLedgerFactory;
  onProgress?: ProgressListener;
  /** Most characters a text cell may hold; longer is an invalid row. @defaultValue 65,535 (MAX_TEXT_LENGTH) */
  maxTextLength?: number;
  /**
   * The store's category list, for cells that name a category: the console passes the one its
   * session keeps. @defaultValue asked of `client` once per batch (categoryListOnce), and only
   * when a cell names a category by its name.
   */
  categories?: CategorySource;
}
