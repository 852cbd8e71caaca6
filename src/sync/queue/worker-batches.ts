/**
 * What a queue worker holds for each batch it has rows of: the batch's meta, its ledger, and the
 * "before" counts its creates wait for. A batch that names another store is foreign: its rows
 * are handed back unsent.
 */
import type { Logger } from '../../log.ts';
import { describeStore, sameStore, type StoreIdentity } from '../../store/identity.ts';
import type { BatchLedger, BatchLedgerFactory } from '../../ledger/batch-ledger.ts';
import { buildBatchLedger } from '../prepare.ts';
import type { ProgressLog } from '../progress-log.ts';
import type { CountsTaker } from '../category-counts.ts';
import type { BatchState, BatchMeta } from './batch-state.ts';
import type { BatchCounts } from './batch-counts.ts';

/** A batch this worker must not touch: it names another store (or none, queued by an older version). */
interface ForeignBatch {
  foreign: true;
  store: StoreIdentity | undefined;
}

/** What a worker holds for a batch it has rows of: null for a batch Redis no longer knows. */
export type BatchContext =
  { foreign?: never; meta: BatchMeta; ledger: BatchLedger; beforeCreate: () => Promise<void> } | ForeignBatch | null;

export interface BatchContexts {
  /** The batch's context, read from Redis on this worker's first row of it. */
  context(batchId: string): Promise<BatchContext>;
  /** Whether a batch's report may be written here: the report asks this worker's store for its category counts. */
  isOwn(batchId: string): Promise<boolean>;
}

export interface BatchContextParts {
  state: BatchState;
  counts: BatchCounts;
  takeCounts: CountsTaker;
  ownStore: StoreIdentity;
  logger: Logger;
  progressLog: ProgressLog;
  batchLedgers: BatchLedgerFactory | undefined;
}

export function batchContexts(parts: BatchContextParts): BatchContexts {
  const { state, ownStore } = parts;
  const ledgers = new Map<string, Promise<BatchContext>>();
  return {
    context(batchId) {
      let entry = ledgers.get(batchId);
      if (!entry) {
        entry = state.meta(batchId).then((meta) => contextOf(parts, batchId, meta));
        entry.catch(() => ledgers.delete(batchId));
        ledgers.set(batchId, entry);
        // A long-running worker sees many batches: keep the newest few.
        if (ledgers.size > 50) ledgers.delete(ledgers.keys().next().value!);
      }
      return entry;
    },
    async isOwn(batchId) {
      const meta = await state.meta(batchId);
      return meta === null || (meta.store !== undefined && sameStore(meta.store, ownStore));
    },
  };
}

function contextOf(parts: BatchContextParts, batchId: string, meta: BatchMeta | null): BatchContext {
  const { logger, ownStore } = parts;
  if (!meta) return null;
  if (!meta.store || !sameStore(meta.store, ownStore)) {
    logger.error(
      { batchId, batchStore: meta.store ?? null, workerStore: ownStore },
      `batch ${batchId} is for ${meta.store ? describeStore(meta.store) : 'a store it does not name'}, and this worker serves ${describeStore(ownStore)}: its rows are handed back unsent`,
    );
    return { foreign: true, store: meta.store };
  }
  // This worker's first row of the batch: its start, as this worker sees it.
  logger.info({ batchId, file: meta.file, source: meta.source }, 'batch started on this worker');
  parts.progressLog.due(batchId);
  // Once this worker has seen the batch's "before" counts, its creates wait no more.
  let before: Promise<void> | undefined;
  const beforeCreate = () =>
    (before ??= parts.counts.ensureBefore(batchId, parts.takeCounts).catch((error: unknown) => {
      before = undefined;
      throw error;
    }));
  return { meta, ledger: buildBatchLedger(meta.ledger, parts.batchLedgers), beforeCreate };
}
