/**
 * summary.json: the last file of a batch's report, whose presence means the report is complete.
 * Both transports (local and redis) build it with batchSummary, so the same sheet gives the
 * same keys in the same order whichever way it ran; the CLI prints it with --json.
 */
import type { Lang, MessageParams } from '../messages/index.ts';
import type { OutcomeCounts } from '../outcome.ts';
import type { CategoryCounts } from './category-counts.ts';
import type { Reconciled } from './reconciled.ts';
import type { SheetKind, SheetRead } from '../sheet/types.ts';
import type { StoreIdentity } from '../store/identity.ts';

export interface BatchSummary {
  batchId: string;
  /**
   * The store the batch went to (URL, vendor account, its name when a login said it): `rerun`,
   * `reconcile` and the console refuse a batch of another store than the one configured.
   */
  store?: StoreIdentity;
  source: string;
  file: string;
  kind: SheetKind;
  /** For a workbook: the sheet read and the hidden ones skipped. */
  sheet?: SheetRead;
  /**
   * Each field read by the header the sheet gives it (`sale_price` -> `السعر`): the console names
   * a batch's columns as its sheet did (a held fix's price drops, an undo's changes).
   */
  columns?: Readonly<Record<string, string>>;
  total: number;
  counts: OutcomeCounts;
  /** Products the sheet no longer lists whose status was changed (counted in status_changed too). */
  retired?: number;
  startedAt: string;
  finishedAt: string;
  /** Requests per second the batch was limited to. */
  rate: number;
  /**
   * The field that identified products created without product_id in the ledger, when not the
   * default (barcode): `reconcile` finds the batch's ledger entries by it.
   */
  keyColumn?: string;
  rerunOf?: string;
  /** The batch whose problem rows this one sent as fixed in the console. */
  fixes?: string;
  /** The batch this one undoes (`catalog-sync undo`, the console's undo button). */
  undoes?: string;
  /** The language of the report's row messages, when not English (SyncRequest.lang). */
  lang?: Lang;
  dryRun?: boolean;
  /** Rows skipped as unchanged since the last sync (delta), and whether the report lists them. */
  skippedUnchanged?: UnchangedSummary;
  /**
   * The file broke part-way (SheetFileError): the rows read before the break ended as usual and
   * are in the report; nothing after it was read. Such a batch counts as a problem (exit 1).
   */
  readError?: ReadError;
  /**
   * Each category's product_total before the first create and after the last row (batches that
   * sent a create): the evidence `reconcile` reads for creates with an unknown outcome.
   */
  categoryCounts?: CategoryCounts;
  /** What `reconcile` found and changed, once it was run on the batch. */
  reconciled?: Reconciled;
  /** Directory holding results.csv, results.xlsx, failed.csv, summary.json. */
  reportDir: string;
}

export interface UnchangedSummary {
  count: number;
  /** False when the report leaves them out (the default). */
  listed: boolean;
  /** Row numbers as ranges (`2-40001, 40003-100001`), when not listed. */
  rows?: string;
}

export interface ReadError {
  code: string;
  /** Names the file and where it broke, in English. */
  message: string;
  /** The file and its detail's catalogue key and parameters: the message in any language (sync/read-error.ts). */
  file?: string;
  messageKey?: string;
  params?: MessageParams;
}

/**
 * summary.json's keys in the order they are written. `satisfies` makes a field added to BatchSummary
 * but not here fail to compile, so no transport can drop it.
 */
const KEY_ORDER = {
  batchId: true,
  store: true,
  source: true,
  file: true,
  kind: true,
  sheet: true,
  columns: true,
  total: true,
  counts: true,
  retired: true,
  startedAt: true,
  finishedAt: true,
  rate: true,
  keyColumn: true,
  rerunOf: true,
  fixes: true,
  undoes: true,
  lang: true,
  dryRun: true,
  skippedUnchanged: true,
  readError: true,
  categoryCounts: true,
  reconciled: true,
  reportDir: true,
} as const satisfies Record<keyof BatchSummary, true>;

/**
 * The one builder of summary.json, for both transports: every field in one order, leaving out the
 * facts a batch does not have (undefined, or `dryRun: false`).
 */
export function batchSummary(facts: BatchSummary): BatchSummary {
  const summary: Partial<Record<keyof BatchSummary, unknown>> = {};
  for (const key of Object.keys(KEY_ORDER) as (keyof BatchSummary)[]) {
    const value = facts[key];
    if (value !== undefined && value !== false && !(key === 'lang' && value === 'en')) summary[key] = value;
  }
  return summary as BatchSummary;
}
