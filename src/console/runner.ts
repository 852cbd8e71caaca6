/**
 * How the console runs a batch, through the same engine, ledger and report writers as `import`:
 * without Redis in this process, one batch at a time (a second waits its turn, "queued"); with
 * Redis on the BullMQ queue, where `worker` processes take its rows, and this process follows it.
 */
import type { Logger } from '../log.ts';
import type { BatchLedgerFactory } from '../ledger/batch-ledger.ts';
import type { StoreApi } from '../store/types.ts';
import {
  enqueueSync,
  runSync,
  waitForBatch,
  type BatchProgress,
  type BatchSummary,
  type SyncRequest,
} from '../sync/index.ts';

export interface RunnerDeps {
  client: StoreApi;
  reportDir: string;
  rate: number;
  concurrency: number;
  maxTextLength: number;
  logger: Logger;
  /** The store's ledger; none for the throwaway sandbox store (as `import --sandbox`). */
  batchLedgers?: BatchLedgerFactory | undefined;
  /** Set with REDIS_URL: batches go to the workers. */
  redis?: { redisUrl: string; prefix: string } | undefined;
}

export interface RunHooks {
  /** The batch starts (its rows begin to end). */
  onStart(): void;
  onProgress(progress: BatchProgress): void;
}

export interface BatchRunner {
  readonly mode: 'in-process' | 'redis';
  /** Batches waiting for their turn in this process. */
  waiting(): number;
  run(request: SyncRequest & { batchId: string }, hooks: RunHooks): Promise<BatchSummary>;
}

export function batchRunner(deps: RunnerDeps): BatchRunner {
  let turn: Promise<unknown> = Promise.resolve();
  let waiting = 0;
  const ledgers = deps.batchLedgers ? { batchLedgers: deps.batchLedgers } : {};

  const inProcess = (request: SyncRequest, hooks: RunHooks): Promise<BatchSummary> => {
    hooks.onStart();
    return runSync(request, {
      client: deps.client,
      reportDir: deps.reportDir,
      rate: deps.rate,
      concurrency: deps.concurrency,
      maxTextLength: deps.maxTextLength,
      logger: deps.logger,
      onProgress: (progress) => hooks.onProgress(progress),
      ...ledgers,
    });
  };

  /** One batch at a time: the in-process engine's rate and row slots are the whole process's. */
  const oneAtATime = (work: () => Promise<BatchSummary>): Promise<BatchSummary> => {
    waiting++;
    const mine = turn.then(() => {
      waiting--;
      return work();
    });
    turn = mine.catch(() => undefined);
    return mine;
  };

  const redis = deps.redis;
  return {
    mode: redis ? 'redis' : 'in-process',
    waiting: () => waiting,
    run(request, hooks) {
      // A dry run never goes through the queue (it sends nothing): in-process in both modes.
      if (!redis || request.dryRun) return oneAtATime(() => inProcess(request, hooks));
      return (async () => {
        await enqueueSync(request, {
          ...redis,
          reportDir: deps.reportDir,
          rate: deps.rate,
          client: deps.client,
          logger: deps.logger,
          maxTextLength: deps.maxTextLength,
          ...ledgers,
        });
        let started = false;
        return waitForBatch(request.batchId, {
          ...redis,
          onProgress: (progress) => {
            if (!started) {
              started = true;
              hooks.onStart();
            }
            hooks.onProgress(progress);
          },
        });
      })();
    },
  };
}
