/**
 * The files of one batch's report, as the report thread writes them: results.csv, results.xlsx
 * and failed.csv streamed row by row, then summary.json last, so its presence means the report
 * is complete. Every file goes to a temp file and is renamed into place.
 */
import { join } from 'node:path';
import type { BatchSummary } from './summary.ts';
import { writeFileAtomic } from '../files/atomic-write.ts';
import { FailedCsvWriter, ResultsCsvWriter } from './csv-writers.ts';
import type { ReportRow } from './report-row.ts';
import { ResultsXlsxWriter } from './xlsx-writer.ts';

export const REPORT_FILES = {
  resultsCsv: 'results.csv',
  resultsXlsx: 'results.xlsx',
  failedCsv: 'failed.csv',
  summary: 'summary.json',
} as const;

export class BatchFiles {
  private readonly csv: ResultsCsvWriter;
  private readonly xlsx: ResultsXlsxWriter;
  private readonly failed: FailedCsvWriter;

  /** `dir` must exist (the main thread creates it, so a bad path fails `open` there). */
  constructor(
    readonly dir: string,
    headers: readonly string[],
  ) {
    this.csv = new ResultsCsvWriter(join(dir, REPORT_FILES.resultsCsv), headers);
    this.xlsx = new ResultsXlsxWriter(join(dir, REPORT_FILES.resultsXlsx), headers);
    this.failed = new FailedCsvWriter(join(dir, REPORT_FILES.failedCsv), headers);
  }

  /** Rows must come in row order; await a returned promise before the next row. */
  write(row: ReportRow): Promise<void> | undefined {
    const xlsx = this.xlsx.write(row);
    const csv = this.csv.write(row);
    const failed = this.failed.write(row);
    // Most rows queue in memory and return no promise; wait only for files that are flushing
    // (all at once, so a failure in one is never left unhandled while waiting on another).
    if (xlsx || csv || failed) return Promise.all([xlsx, csv, failed]).then(() => undefined);
    return undefined;
  }

  async finish(summary: BatchSummary): Promise<void> {
    // Every file settles before a failure is thrown, so an abort that follows never races a rename.
    const commits = await Promise.allSettled([this.csv.commit(), this.xlsx.commit(), this.failed.commit()]);
    for (const commit of commits) if (commit.status === 'rejected') throw commit.reason;
    await writeFileAtomic(join(this.dir, REPORT_FILES.summary), `${JSON.stringify(summary, null, 2)}\n`);
  }

  /** Removes every temp file (files already renamed into place stay; summary.json is never among them). */
  async abort(): Promise<void> {
    await Promise.all([this.csv.abort(), this.xlsx.abort(), this.failed.abort()]);
  }
}
