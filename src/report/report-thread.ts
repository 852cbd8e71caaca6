/**
 * The report thread, seen from the main thread: one per process (src/threads/shared-thread.ts),
 * started on the first batch, serving every batch at once, keeping the process alive only while
 * a batch is open. If it dies, every open batch fails with a clear error (its temp files are
 * removed here) and the next batch starts a fresh thread.
 */
import { SharedThread } from '../threads/shared-thread.ts';
import { removeTempFiles } from '../files/atomic-write.ts';
import { BatchChannel } from './batch-channel.ts';
import type { FromReportThread, ToReportThread } from './report-wire.ts';

const thread = new SharedThread<ToReportThread, FromReportThread>(
  new URL('./report-thread-main.ts', import.meta.url),
  'report',
);

/** Opens a batch: the thread writes its files into `dir`, which must exist. */
export function openReportBatch(dir: string, headers: readonly string[]): BatchChannel {
  let channel: BatchChannel | null = null;
  const session = thread.open({
    receive: (message) => channel?.receive(message),
    fail: (error) =>
      channel?.fail(
        new Error(`${error.message}; the report was not written`, { cause: error.cause }),
        removeTempFiles(dir),
      ),
  });
  channel = new BatchChannel(
    session.id,
    (message) => session.post(message),
    () => session.close(),
  );
  session.post({ type: 'open', id: session.id, dir, headers });
  return channel;
}

/** Stops the process's report thread if one runs (open batches fail). */
export function stopReportThread(): Promise<void> {
  return thread.stop();
}
