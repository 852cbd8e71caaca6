/**
 * One batch per sheet a file holds to sync, as `import` runs them: a workbook with a visible
 * `Brands` sheet beside its product sheet gives two batches, products first. A request that
 * names its sheet, a CSV, or a workbook with one sheet to sync stays one batch. Watch and
 * schedule read a workbook exactly as import and validate do (src/sheet/open.ts sheetsToSync).
 */
import { sheetsToSync } from '../sheet/open.ts';
import type { BatchSummary } from '../report/summary.ts';
import type { SyncRequest } from '../sync/types.ts';

/** Runs one batch to its end (drop-file.ts SyncRunner; written out here so neither imports the other). */
type BatchRunner = (request: SyncRequest, signal: AbortSignal) => Promise<BatchSummary>;

/**
 * The batch id of a later sheet's batch: the file's batch id and the sheet, so each is its own.
 * Ids keep to ASCII (folders, Redis keys, URLs): a sheet named in Arabic is known by its place.
 */
function sheetBatchId(batchId: string, sheet: string, index: number): string {
  const slug = sheet
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${batchId}-${slug === '' ? `sheet-${index + 1}` : slug}`;
}

export async function requestsPerSheet(request: SyncRequest): Promise<SyncRequest[]> {
  if (request.sheet !== undefined) return [request];
  const sheets = await sheetsToSync(request.file, request.columns !== undefined ? { columns: request.columns } : {});
  if (sheets === null || sheets.length <= 1) return [request];
  return sheets.map((sheet, i) => ({
    ...request,
    sheet,
    ...(i > 0 && request.batchId !== undefined ? { batchId: sheetBatchId(request.batchId, sheet, i) } : {}),
  }));
}

/** Runs the file's batches one after another; stops at the first that cannot run. */
export async function runEverySheet(
  run: BatchRunner,
  request: SyncRequest,
  signal: AbortSignal,
): Promise<BatchSummary[]> {
  const summaries: BatchSummary[] = [];
  for (const one of await requestsPerSheet(request)) {
    signal.throwIfAborted();
    summaries.push(await run(one, signal));
  }
  return summaries;
}
