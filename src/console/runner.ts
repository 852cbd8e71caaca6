/**
 * How the console runs a batch: through the app's runBatch, the one path `import` takes (the same
 * engine, ledger, rate and report writers). Without Redis in this process, one batch at a time (a
 * second waits its turn, "queued"); with Redis on the BullMQ queue, where `worker` processes take
 * its rows, and this process follows it. A dry run sends nothing: local in both modes.
 */
import type { RunOptions, Transport, Tuning } from '../app.ts';
import type { CategorySource } from '../sheet/index.ts';
import type { StoreApi } from '../store/types.ts';
import type { BatchProgress, BatchSummary, SyncRequest } from '../sync/index.ts';

export interface RunnerDeps {
  /** The app's runBatch. */
  runBatch: (request: SyncRequest, run: RunOptions) => Promise<BatchSummary>;
  /** REDIS_URL is set: batches go to the workers. */
  queued: boolean;
  /** Wraps each batch's store client (the console counts its requests). */
  observeStore: (client: StoreApi) => StoreApi;
  /** No worker serves the queue now: the batch is queued anyway and waits for one. */
  onNoWorker: (batchId: string) => void;
  /** The store's category list the console keeps (category-cache.ts): a batch asks it, not the store. */
  categories?: CategorySource;
}

export interface RunHooks {
  /**
   * The batch starts (its rows begin to end); `here`: its rows run in this process (local,
   * or a dry run), not in the workers, which count them in their own metrics.
   */
  onStart(here: boolean): void;
  onProgress(progress: BatchProgress): void;
}

export interface BatchRunner {
  readonly mode: Transport;
  /** Batches waiting for their turn in this process. */
  waiting(): number;
  /** `tuning`: a scheduled job's own rate and concurrency (local; queued rows run at the store's rate). */
  run(request: SyncRequest & { batchId: string }, hooks: RunHooks, tuning?: Tuning): Promise<BatchSummary>;
}

export function batchRunner(deps: RunnerDeps): BatchRunner {
  let turn: Promise<unknown> = Promise.resolve();
  let waiting = 0;

  /** One batch at a time: the local engine's rate and row slots are the whole process's. */
  const oneAtATime = (work: () => Promise<BatchSummary>): Promise<BatchSummary> => {
    waiting++;
    const mine = turn.then(() => {
      waiting--;
      return work();
    });
    turn = mine.catch(() => undefined);
    return mine;
  };

  return {
    mode: deps.queued ? 'redis' : 'local',
    waiting: () => waiting,
    run(request, hooks, tuning) {
      const tuned = tuning ? { tuning } : {};
      if (!deps.queued || request.dryRun)
        return oneAtATime(() => {
          hooks.onStart(true);
          return deps.runBatch(request, {
            ...tuned,
            transport: 'local',
            observeStore: deps.observeStore,
            ...categoriesOf(deps),
            onProgress: (progress) => hooks.onProgress(progress),
          });
        });
      let started = false;
      return deps.runBatch(request, {
        ...tuned,
        transport: 'redis',
        observeStore: deps.observeStore,
        ...categoriesOf(deps),
        // The page shows the batch as queued until a worker takes its rows.
        waitForWorker: true,
        onNoWorker: () => deps.onNoWorker(request.batchId),
        onProgress: (progress) => {
          if (!started) {
            started = true;
            hooks.onStart(false);
          }
          hooks.onProgress(progress);
        },
      });
    },
  };
}

function categoriesOf(deps: RunnerDeps): Pick<RunOptions, 'categories'> {
  return deps.categories ? { categories: deps.categories } : {};
}
