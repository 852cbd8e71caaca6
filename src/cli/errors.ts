/**
 * The error classes the exit-code table (exit-codes.ts) tells apart, as one module loaded when a
 * command failed, not at start: `--help` needs none of their modules.
 */
export { ConfigError } from '../config.ts';
export { SheetFileError } from '../sheet/types.ts';
export { StoreError } from '../store/errors.ts';
export { NoWorkerError } from '../sync/queue/no-worker.ts';
export { JobFileError } from '../intake/job-file.ts';
export { JobHeldError } from '../intake/job-held.ts';
export { RerunError } from '../intake/rerun.ts';
export { DropFolderError } from '../intake/drop-folders.ts';
export { OtherStoreError } from '../sync/batch-store.ts';
export { ReconcileError } from '../sync/reconcile/batch-folder.ts';
export { LedgerBusyError } from '../app/types.ts';
