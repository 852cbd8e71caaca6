/**
 * The report of one batch: `<reportDir>/<batchId>/` with results.csv, results.xlsx, failed.csv
 * and summary.json (see batch-files.ts). The files are written by the report thread, so the
 * main thread only appends each row to a flat chunk (well under a microsecond) and posts a
 * chunk every few thousand values; the sync's own work and the report writing use both cores.
 */
import { mkdir } from 'node:fs/promises';
import type { BatchSummary } from './summary.ts';
import type { BatchChannel } from './batch-channel.ts';
import type { ReportRow } from './report-row.ts';
import { openReportBatch } from './report-thread.ts';
import { encodeRow, type WireValue } from './report-wire.ts';

export { REPORT_FILES } from './batch-files.ts';

/** Values per chunk (~1,000-2,000 rows of a usual sheet): few messages, bounded memory for wide rows. */
const CHUNK_VALUES = 16_384;

export class BatchReportWriter {
  private chunk: WireValue[] = [];

  private constructor(
    readonly dir: string,
    private readonly channel: BatchChannel,
  ) {}

  static async open(dir: string, headers: readonly string[]): Promise<BatchReportWriter> {
    // Here, not in the thread: a path that cannot be a directory fails `open` at once.
    await mkdir(dir, { recursive: true });
    return new BatchReportWriter(dir, openReportBatch(dir, headers));
  }

  /**
   * Rows must come in row order. Returns a promise only when the caller must wait: the report
   * thread is several chunks behind, or the batch failed (then it rejects with the error).
   */
  write(row: ReportRow): Promise<void> | undefined {
    if (this.channel.failure) return Promise.reject(this.channel.failure);
    encodeRow(this.chunk, row);
    if (this.chunk.length < CHUNK_VALUES) return undefined;
    const full = this.chunk;
    this.chunk = [];
    return this.channel.rows(full);
  }

  /** Writes the last rows, commits the files, then summary.json. */
  finish(summary: BatchSummary): Promise<void> {
    const rest = this.chunk;
    this.chunk = [];
    return this.channel.finish(rest, summary);
  }

  /** Removes the batch's temp files; nothing of the report is left but files already renamed. */
  abort(): Promise<void> {
    this.chunk = [];
    return this.channel.abort();
  }
}
