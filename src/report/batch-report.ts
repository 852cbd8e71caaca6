/**
 * The report of one batch: `<reportDir>/<batchId>/` with results.csv, results.xlsx, failed.csv
 * and summary.json. Rows are fed in row order and streamed to every file; summary.json is
 * written last, so its presence means the report is complete.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { BatchSummary } from '../sync/types.ts';
import { writeFileAtomic } from './atomic-file.ts';
import { FailedCsvWriter, ResultsCsvWriter } from './csv-writers.ts';
import type { ReportRow } from './report-row.ts';
import { ResultsXlsxWriter } from './xlsx-writer.ts';

export const REPORT_FILES = {
  resultsCsv: 'results.csv',
  resultsXlsx: 'results.xlsx',
  failedCsv: 'failed.csv',
  summary: 'summary.json',
} as const;

export class BatchReportWriter {
  private constructor(
    readonly dir: string,
    private readonly csv: ResultsCsvWriter,
    private readonly xlsx: ResultsXlsxWriter,
    private readonly failed: FailedCsvWriter,
  ) {}

  static async open(dir: string, headers: readonly string[]): Promise<BatchReportWriter> {
    await mkdir(dir, { recursive: true });
    return new BatchReportWriter(
      dir,
      new ResultsCsvWriter(join(dir, REPORT_FILES.resultsCsv), headers),
      new ResultsXlsxWriter(join(dir, REPORT_FILES.resultsXlsx), headers),
      new FailedCsvWriter(join(dir, REPORT_FILES.failedCsv), headers),
    );
  }

  /** Rows must come in row order. Each file is written in order; the three files independently. */
  async write(row: ReportRow): Promise<void> {
    const xlsx = this.xlsx.write(row);
    const csv = this.csv.write(row);
    const failed = this.failed.write(row);
    // Most rows queue in memory and return no promise; wait only for files that are flushing
    // (all at once, so a failure in one is never left unhandled while waiting on another).
    if (xlsx || csv || failed) await Promise.all([xlsx, csv, failed]);
  }

  async finish(summary: BatchSummary): Promise<void> {
    await Promise.all([this.csv.commit(), this.xlsx.commit(), this.failed.commit()]);
    await writeFileAtomic(join(this.dir, REPORT_FILES.summary), `${JSON.stringify(summary, null, 2)}\n`);
  }

  async abort(): Promise<void> {
    await Promise.all([this.csv.abort(), this.xlsx.abort(), this.failed.abort()]);
  }
}
