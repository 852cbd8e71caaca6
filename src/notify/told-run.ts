/**
 * A batch run and told (the app's runBatch, which every way a batch starts goes through): a
 * batch stopped before its first row by its file or the store's login says so (batch.failed),
 * and one whose rows ran in this process says it ended (batch.finished). A queued batch's end is
 * told by the worker that writes its report, the one place it is known for sure, so one batch
 * gives one event. A notification that cannot be recorded is logged: it never fails the batch.
 */
import type { Logger } from '../log.ts';
import type { Lang } from '../messages/index.ts';
import type { BatchSummary } from '../report/summary.ts';
import { SheetFileError } from '../sheet/types.ts';
import { StoreError } from '../store/errors.ts';
import { newBatchId } from '../sync/batch-id.ts';
import type { SyncRequest } from '../sync/types.ts';
import type { Notifier } from './notifier.ts';

export interface ToldRunDeps {
  notifier: () => Promise<Notifier>;
  logger: Logger;
  /** The batch's rows run in this process (its end is told here), not on the queue. */
  ranHere: boolean;
}

/** Runs `run` with the request's batch id fixed first, so a batch that cannot run is told by its id too. */
export async function toldRun(
  request: SyncRequest,
  run: (request: SyncRequest & { batchId: string }) => Promise<BatchSummary>,
  deps: ToldRunDeps,
): Promise<BatchSummary> {
  const named = { ...request, batchId: request.batchId ?? newBatchId(Date.now()) };
  const startedAt = new Date().toISOString();
  let summary: BatchSummary;
  try {
    summary = await run(named);
  } catch (error) {
    if (error instanceof SheetFileError || error instanceof StoreError) await tellFailed(named, startedAt, error, deps);
    throw error;
  }
  if (deps.ranHere) {
    try {
      await (await deps.notifier()).batchFinished(summary);
    } catch (error) {
      deps.logger.error(
        { err: error, batchId: summary.batchId },
        'the notification of a finished batch was not recorded',
      );
    }
  }
  return summary;
}

async function tellFailed(
  request: SyncRequest & { batchId: string },
  startedAt: string,
  error: SheetFileError | StoreError,
  deps: ToldRunDeps,
): Promise<void> {
  try {
    await (
      await deps.notifier()
    ).batchFailed(
      {
        batchId: request.batchId,
        source: request.source ?? request.file,
        file: request.file,
        startedAt,
        finishedAt: new Date().toISOString(),
        error: {
          code: error.code,
          message: error.message,
          ...(error instanceof SheetFileError ? { textIn: (lang: Lang) => error.textIn(lang) } : {}),
        },
      },
      // The store just refused a login: no second one for the notification.
      !(error instanceof StoreError),
    );
  } catch (notifyError) {
    deps.logger.error(
      { err: notifyError, batchId: request.batchId },
      'the notification of a batch that could not run was not recorded',
    );
  }
}
