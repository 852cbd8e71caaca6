/**
 * What the API answers for a batch (`GET /api/batches`, `/api/batches/{id}`, its `progress`
 * events): the board's live view (board.ts) with summary.json's fields under it once done. Shared
 * by the server and the page (page/types.ts); type-only, importing nothing of Node.
 */
import type { OutcomeCounts } from '../../outcome.ts';
import type { StoreIdentity } from '../../store/identity-type.ts';

export type BatchStatus = 'queued' | 'running' | 'done' | 'failed';

/** A batch as the board knows it while it runs, and after. */
export interface BatchLive {
  batchId: string;
  /** The store the batch goes (went) to; null for a report an earlier version wrote without it. */
  store: StoreIdentity | null;
  status: BatchStatus;
  source: string;
  file: string;
  dryRun: boolean;
  /** Rows to go through; null while the sheet is still being read. */
  total: number | null;
  done: number;
  counts: OutcomeCounts;
  problems: number;
  /** Rows ended per second since the batch started, and the store's limit in requests per second. */
  rowsPerSecond: number | null;
  rate: number;
  /** Seconds left at the current pace, once the total is known. */
  etaSeconds: number | null;
  rerunOf?: string;
  /**
   * Once done: each field read by the header the batch's sheet gives it (`sale_price` -> `السعر`),
   * so its page names columns as the sheet does (a held fix's price drops); absent in a report an
   * earlier version wrote.
   */
  columns?: Readonly<Record<string, string>>;
  /** Why a batch that could not run stopped (status `failed`). */
  error?: string;
}

/** `POST /api/batches`, `/api/batches/{id}/fix` and a schedule's run (202): the batch started. */
export interface BatchStarted {
  batchId: string;
}

/**
 * `POST /api/batches` (202). With the sheet sent in the request (multipart), `mappingUsed` names
 * the store's saved mapping it was read with, as an upload's answer does (null: the aliases alone);
 * a batch of an earlier upload leaves it out, since that upload's answer said it.
 */
export interface SheetBatchStarted extends BatchStarted {
  mappingUsed?: string | null;
}

/** `POST /api/batches/{id}/rerun` (202): the re-run's batch, and the invalid rows it leaves out (fix them first). */
export interface RerunStarted extends BatchStarted {
  invalidRows: number[];
}

/** The live fields over summary.json's (README, "summary.json"), which the page does not read. */
export type BatchAnswer = BatchLive & { readonly [summaryField: string]: unknown };
