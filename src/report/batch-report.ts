/**
 * The report of one batch: `<reportDir>/<batchId>/` with results.csv, results.xlsx and failed.csv
 * streamed row by row, then summary.json last, so its presence means the report is complete.
 * Every file goes to a temp file and is renamed into place; a batch that fails or is aborted
 * leaves no temp file behind.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { BatchSummary } from './summary.ts';
import { writeFileAtomic } from '../files/atomic-write.ts';
import { FailedCsvWriter, ResultsCsvWriter } from './csv-writers.ts';
import type { ReportRow } from './report-row.ts';
import { ResultsXlsxWriter } from './xlsx-writer.ts';
import { inLang, type Lang } from '../messages/index.ts';

export const REPORT_FILES = {
  resultsCsv: 'results.csv',
  resultsXlsx: 'results.xlsx',
  failedCsv: 'failed.csv',
  summary: 'summary.json',
} as const;

export class BatchReportWriter {
  /** Why the batch stopped, once it did: every later write or finish rejects with it. */
  private failure: Error | null = null;
  private ended = false;

  private constructor(
    readonly dir: string,
    private readonly csv: ResultsCsvWriter,
    private readonly xlsx: ResultsXlsxWriter,
    private readonly failed: FailedCsvWriter,
    private readonly lang: Lang,
  ) {}

  /** `lang`: the batch's language, the one its rows' messages are written in. */
  static async open(dir: string, headers: readonly string[], lang: Lang = 'en'): Promise<BatchReportWriter> {
    await mkdir(dir, { recursive: true });
    return new BatchReportWriter(
      dir,
      new ResultsCsvWriter(join(dir, REPORT_FILES.resultsCsv), headers),
      new ResultsXlsxWriter(join(dir, REPORT_FILES.resultsXlsx), headers),
      new FailedCsvWriter(join(dir, REPORT_FILES.failedCsv), headers),
      lang,
    );
  }

  /** Rows must come in row order, each write awaited before the next. */
  async write(written: ReportRow): Promise<void> {
    this.throwIfStopped();
    const row = this.lang === 'en' ? written : { ...written, result: inLang(written.result, this.lang) };
    try {
      // Most rows only queue text in memory; the files that are flushing are awaited together,
      // so a failure in one is never left unhandled while another is awaited.
      await Promise.all([this.xlsx.write(row), this.csv.write(row), this.failed.write(row)]);
    } catch (error) {
      throw await this.fail(error);
    }
  }

  /** Commits the three files, then writes summary.json. */
  async finish(summary: BatchSummary): Promise<void> {
    this.throwIfStopped();
    this.ended = true;
    try {
      // Every file settles before a failure is thrown, so the abort that follows never races a rename.
      const commits = await Promise.allSettled([this.csv.commit(), this.xlsx.commit(), this.failed.commit()]);
      for (const commit of commits) if (commit.status === 'rejected') throw commit.reason;
      await writeFileAtomic(join(this.dir, REPORT_FILES.summary), `${JSON.stringify(summary, null, 2)}\n`);
    } catch (error) {
      throw await this.fail(error);
    }
  }

  /** Removes the temp files; files already renamed into place stay (summary.json is never among them). */
  async abort(): Promise<void> {
    if (this.ended) return;
    this.ended = true;
    await this.removeTemp();
  }

  private throwIfStopped(): void {
    if (this.failure) throw this.failure;
    if (this.ended) throw new Error('report writer already finished or aborted');
  }

  private async fail(error: unknown): Promise<Error> {
    this.failure = error instanceof Error ? error : new Error(String(error));
    this.ended = true;
    try {
      await this.removeTemp();
    } catch {
      // Removing temp files is best effort; the error that matters is the one thrown.
    }
    return this.failure;
  }

  private async removeTemp(): Promise<void> {
    await Promise.all([this.csv.abort(), this.xlsx.abort(), this.failed.abort()]);
  }
}
