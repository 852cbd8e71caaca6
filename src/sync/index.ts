/** The sync engine's entry points (see docs/engine-api.md). */
export { runSync, type LocalSyncDeps } from './run-local.ts';
export { enqueueSync, type EnqueueDeps } from './queue/enqueue.ts';
export { waitForBatch, listBatches, BatchNotFoundError, type WaitOptions } from './queue/wait.ts';
export { startSyncWorker, type SyncWorker, type WorkerDeps } from './queue/worker.ts';
export { engineKeys, QUEUE_NAME } from './queue/keys.ts';
export type { BatchInfo, BatchProgress, SyncRequest } from './types.ts';
export type { BatchSummary } from '../report/summary.ts';
export type { BatchLedgerFactory } from '../ledger/batch-ledger.ts';
export { DEFAULT_LEDGER_SETTINGS } from './types.ts';
export type { ColumnMapping, OpenedSheet, SheetOpener } from '../sheet/open.ts';
