/**
 * summary.json: the last file of a batch's report, whose presence means the report is complete.
 * Both transports (in-process and queue) build it with batchSummary, so the same sheet gives the
 * same keys in the same order whichever way it ran; the CLI prints it with --json.
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

/** What batchSummary is given; optional facts a batch does not have are left out of summary.json. */
export interface SummaryFacts {
  batchId: string;
  source: string;
  file: string;
  kind: SheetKind;
  total: number;
  counts: OutcomeCounts;
  startedAt: string;
  finishedAt: string;
  rate: number;
  rerunOf?: string | undefined;
  dryRun?: boolean | undefined;
  skippedUnchanged?: UnchangedSummary | undefined;
  readError?: ReadError | undefined;
  reportDir: string;
}

/** The one builder of summary.json, for both transports. */
export function batchSummary(facts: SummaryFacts): BatchSummary {
  return {
    batchId: facts.batchId,
    source: facts.source,
    file: facts.file,
    kind: facts.kind,
    total: facts.total,
    counts: facts.counts,
    startedAt: facts.startedAt,
    finishedAt: facts.finishedAt,
    rate: facts.rate,
    ...(facts.rerunOf ? { rerunOf: facts.rerunOf } : {}),
    ...(facts.dryRun ? { dryRun: true } : {}),
    ...(facts.skippedUnchanged ? { skippedUnchanged: facts.skippedUnchanged } : {}),
    ...(facts.readError ? { readError: facts.readError } : {}),
    reportDir: facts.reportDir,
  };
}
