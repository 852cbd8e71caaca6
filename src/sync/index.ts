/** The sync engine's entry points (see docs/engine-api.md). */
export { runSync, type LocalSyncDeps } from './run-local.ts';
export { enqueueSync, type EnqueueDeps } from './redis/enqueue.ts';
export { waitForBatch, listBatches, BatchNotFoundError, type WaitOptions } from './redis/wait.ts';
export { startSyncWorker, type SyncWorker, type WorkerDeps } from './redis/worker.ts';
export { RedisRateGate, type RedisRateGateOptions } from './redis/rate-gate.ts';
export { engineKeys, QUEUE_NAME } from './redis/keys.ts';
export type { BatchInfo, BatchProgress, SyncRequest } from './types.ts';
export type { BatchSummary } from '../report/summary.ts';
export type { BatchLedgerFactory } from '../ledger/batch-ledger.ts';
export { DEFAULT_LEDGER_SETTINGS } from './types.ts';
export type { ColumnMapping, OpenedSheet, SheetOpener } from '../sheet/open.ts';
