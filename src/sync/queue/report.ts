/**
 * Writes a Redis batch's report, in row order, streamed from the results hash in chunks (rows
 * never all sit in memory), then marks the batch reported and announces it.
 */
import { join } from 'node:path';
import { BatchReportWriter } from '../../report/batch-report.ts';
import { shownRow } from '../../report/report-row.ts';
import { batchSummary, type BatchSummary } from '../../report/summary.ts';
import { customKeyColumn } from '../prepare.ts';
import { isRetired } from '../retire.ts';
import { isUnchanged, UnchangedRows } from '../unchanged-rows.ts';
import type { BatchState } from './batch-state.ts';
import type { BatchCounts } from './batch-counts.ts';
import type { CountsTaker } from '../category-counts.ts';

/** Where the batch's category counts live, and how the "after" snapshot is taken. */
export interface ReportCounts {
  counts: BatchCounts;
  take: CountsTaker;
}

const CHUNK = 1000;

export async function writeRedisBatchReport(
  state: BatchState,
  batchId: string,
  nowMs: number,
  categories?: ReportCounts,
): Promise<BatchSummary | null> {
  const status = await state.status(batchId);
  if (!status) return null;
  if (status.status === 'reported' && status.summary) return status.summary;
  const { meta } = status;
  // Every row has ended: the "after" snapshot, before the report says so.
  await categories?.counts.takeAfter(batchId, categories.take);
  const categoryCounts = await categories?.counts.read(batchId);
  const dir = join(meta.reportDir, batchId);
  const writer = await BatchReportWriter.open(dir, meta.headers, meta.lang);
  const unchanged = new UnchangedRows(meta.listUnchanged === true);
  // Rows found unchanged before queueing were only counted: their ranges are all there is.
  for (const [from, to] of await state.unchangedRanges(batchId)) unchanged.addRange(from, to);
  try {
    const retired = await writeStoredRows(state, batchId, writer, unchanged);
    const summary = batchSummary({
      batchId,
      store: meta.store,
      source: meta.source,
      file: meta.file,
      kind: meta.kind,
      sheet: meta.sheet,
      columns: meta.columns,
      total: status.total ?? status.done,
      counts: status.counts,
      retired: retired || undefined,
      startedAt: meta.startedAt,
      finishedAt: new Date(nowMs).toISOString(),
      rate: meta.rate,
      keyColumn: customKeyColumn(meta.ledger),
      rerunOf: meta.rerunOf,
      fixes: meta.fixes,
      undoes: meta.undoes,
      lang: meta.lang,
      // A dry run never goes through the queue (enqueueSync refuses it).
      dryRun: false,
      skippedUnchanged: unchanged.summary(),
      readError: status.readError ?? undefined,
      categoryCounts,
      reportDir: dir,
    });
    await writer.finish(summary);
    await state.markReported(summary);
    return summary;
  } catch (error) {
    await writer.abort();
    throw error;
  }
}

/**
 * The batch's rows from Redis into the report; unchanged ones only counted unless listed. Returns
 * how many were retirements that went through.
 */
async function writeStoredRows(
  state: BatchState,
  batchId: string,
  writer: BatchReportWriter,
  unchanged: UnchangedRows,
): Promise<number> {
  let retired = 0;
  for await (const rows of state.storedRows(batchId, CHUNK)) {
    for (const stored of rows) {
      const row = {
        row: stored.result.row,
        originalRow: stored.originalRow,
        cells: stored.cells,
        result: stored.result,
      };
      if (isRetired(row.result)) retired++;
      if (isUnchanged(row.result)) {
        unchanged.add(shownRow(row));
        if (!unchanged.listed) continue;
      }
      await writer.write(row);
    }
  }
  return retired;
}
