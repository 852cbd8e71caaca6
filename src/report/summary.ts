/**
 * summary.json: the last file of a batch's report, whose presence means the report is complete.
 * Both transports (in-process and queue) end a batch with this shape, and the CLI prints it.
 */
import type { OutcomeCounts } from '../outcome.ts';
import type { SheetKind, SheetRead } from '../sheet/types.ts';

export interface BatchSummary {
  batchId: string;
  source: string;
  file: string;
  kind: SheetKind;
  /** For a workbook: the sheet read and the hidden ones skipped. */
  sheet?: SheetRead;
  total: number;
  counts: OutcomeCounts;
  startedAt: string;
  finishedAt: string;
  /** Requests per second the batch was limited to. */
  rate: number;
  rerunOf?: string;
  dryRun?: boolean;
  /** Rows skipped as unchanged since the last sync (delta), and whether the report lists them. */
  skippedUnchanged?: UnchangedSummary;
  /**
   * The file broke part-way (SheetFileError): the rows read before the break ended as usual and
   * are in the report; nothing after it was read. Such a batch counts as a problem (exit 1).
   */
  readError?: ReadError;
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
  /** Names the file and where it broke. */
  message: string;
}
