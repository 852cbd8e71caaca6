/**
 * `catalog-sync undo <batch>` and the console's undo button, up to the batch they start: the
 * store's records read for what the batch replaced (sync/undo/plan.ts), the undo written as a
 * sheet beside the undone batch's report, and the request that syncs it as a batch like any
 * other (previewed, guarded, reported, told), whose summary.json says `undoes: <batch>`. What it
 * leaves alone is written beside the new batch's report (undo-left.csv).
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { stringify } from 'csv-stringify/sync';
import { writeFileAtomic } from '../files/atomic-write.ts';
import { neutraliseCell } from '../files/formula-guard.ts';
import type { LedgerEntry } from '../ledger/ledger.ts';
import { stepOf } from '../ledger/replaced.ts';
import { DEFAULT_KEY_COLUMN } from '../ledger/rules.ts';
import type { Lang } from '../messages/index.ts';
import { isValidBatchId, newBatchId } from '../sync/batch-id.ts';
import type { SyncRequest } from '../sync/types.ts';
import { planUndo, type UndoOptions, type UndoPlan } from '../sync/undo/plan.ts';
import { refText } from '../sync/undo/preview.ts';
import { undoSheet } from '../sync/undo/sheet.ts';

/** An undo that cannot be planned: the batch id is not one, or no record keeps what it replaced. */
export class UndoError extends Error {
  override readonly name = 'UndoError';
}

/** Where the store's records are listed from: its ledger, or the guard's reader of it. */
export interface UndoRecords {
  all(): AsyncIterable<readonly [string, LedgerEntry]> | Iterable<readonly [string, LedgerEntry]>;
}

/** The undo of `batch` over the store's records; UndoError when no record keeps what it replaced. */
export async function planUndoOf(records: UndoRecords, batch: string, options: UndoOptions = {}): Promise<UndoPlan> {
  if (!isValidBatchId(batch)) throw new UndoError(`${batch}: not a batch id`);
  // Only the records the batch changed are held: a store's whole ledger may be large.
  const touched: (readonly [string, LedgerEntry])[] = [];
  for await (const pair of records.all()) if (stepOf(pair[1].u, batch) !== null) touched.push(pair);
  if (touched.length === 0)
    throw new UndoError(
      `batch ${batch}: no product record keeps what it changed (it changed nothing, is another store's, or is older than the last UNDO_BATCHES batches of its products)`,
    );
  return planUndo(batch, touched, options);
}

/**
 * The request that syncs the undo, its sheet written beside the undone batch's report
 * (`<REPORT_DIR>/<batch>/undo-<new batch>.csv`); null when it sends nothing.
 */
export async function undoRequest(
  plan: UndoPlan,
  reportDir: string,
  options: { lang?: Lang; batchId?: string } = {},
): Promise<SyncRequest | null> {
  if (plan.send.length === 0) return null;
  const batchId = options.batchId ?? newBatchId(Date.now());
  const dir = join(reportDir, plan.batch);
  await mkdir(dir, { recursive: true });
  const file = join(dir, `undo-${batchId}.csv`);
  await writeFileAtomic(file, `\uFEFF${stringify(undoSheet(plan.send))}`);
  return {
    file,
    source: `undo:${plan.batch}`,
    batchId,
    undoes: plan.batch,
    // Every row is sent: the values it puts back differ from the ones last sent.
    ledger: { mode: 'full', keyColumn: DEFAULT_KEY_COLUMN, retryUnknown: false },
    ...(options.lang && options.lang !== 'en' ? { lang: options.lang } : {}),
  };
}

/** What the undo left alone, beside its batch's report (undo-left.csv), in the batch's language. */
export async function writeUndoLeft(plan: UndoPlan, batchReportDir: string, lang: Lang = 'en'): Promise<string | null> {
  if (plan.left.length === 0) return null;
  const rows = [
    ['key', 'product_id', 'code', 'message'],
    ...plan.left.map((left) => [
      left.key,
      left.productId === null ? '' : String(left.productId),
      left.code,
      refText(left.reason, lang),
    ]),
  ];
  const file = join(batchReportDir, 'undo-left.csv');
  await writeFileAtomic(file, `\uFEFF${stringify(rows.map((row) => row.map(neutraliseCell)))}`);
  return file;
}
