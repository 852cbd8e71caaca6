/**
 * The report thread: writes the files of any number of batches at once, each batch's chunks in
 * the order they came. A failure in one batch (disk full, no permission...) removes that batch's
 * temp files and is sent back with the original message; it never ends the thread.
 */
import { parentPort, type MessagePort } from 'node:worker_threads';
import type { BatchSummary } from './summary.ts';
import { BatchFiles } from './batch-files.ts';
import { WireRowReader, type FromReportThread, type ToReportThread, type WireValue } from './report-wire.ts';

/** The reply for a batch that stopped: the original error's message (and errno code), readable on the other side. */
function failedMessage(id: number, error: unknown): FromReportThread {
  const cause = error instanceof Error ? error : new Error(String(error));
  return { type: 'failed', id, message: cause.message, code: (cause as NodeJS.ErrnoException).code };
}

class ThreadBatch {
  /** The batch's work, one job after another: chunks must reach the files in order. */
  private queue: Promise<void> = Promise.resolve();
  private failed = false;
  /** Set as soon as an abort arrives: chunks queued before it are skipped, not written. */
  private aborting = false;

  constructor(
    private readonly id: number,
    private readonly files: BatchFiles,
    private readonly port: MessagePort,
    private readonly forget: () => void,
  ) {}

  rows(data: readonly WireValue[]): void {
    this.then(() => this.write(data), { type: 'ack', id: this.id });
  }

  finish(data: readonly WireValue[], summary: BatchSummary): void {
    this.then(
      async () => {
        await this.write(data);
        await this.files.finish(summary);
        this.forget();
      },
      { type: 'finished', id: this.id },
    );
  }

  abort(): void {
    this.aborting = true;
    this.then(
      async () => {
        this.forget();
        await this.files.abort();
      },
      { type: 'aborted', id: this.id },
    );
  }

  private then(job: () => Promise<void>, done: FromReportThread): void {
    this.queue = this.queue.then(async () => {
      if (this.failed) return;
      try {
        await job();
        this.port.postMessage(done);
      } catch (error) {
        await this.fail(error);
      }
    });
  }

  private async write(data: readonly WireValue[]): Promise<void> {
    if (this.aborting) return;
    const reader = new WireRowReader(data);
    for (let row = reader.next(); row; row = reader.next()) {
      const waiting = this.files.write(row);
      if (waiting) await waiting;
    }
  }

  private async fail(error: unknown): Promise<void> {
    this.failed = true;
    this.forget();
    try {
      await this.files.abort();
    } catch {
      // Removing temp files is best effort; the error that matters is the one sent below.
    }
    this.port.postMessage(failedMessage(this.id, error));
  }
}

function serve(port: MessagePort): void {
  const batches = new Map<number, ThreadBatch>();
  port.on('message', (message: ToReportThread) => {
    if (message.type === 'open') {
      const id = message.id;
      try {
        batches.set(
          id,
          new ThreadBatch(id, new BatchFiles(message.dir, message.headers), port, () => batches.delete(id)),
        );
      } catch (error) {
        port.postMessage(failedMessage(id, error));
      }
      return;
    }
    // A batch that already failed is forgotten: the main thread knows, and sends nothing more that matters.
    const batch = batches.get(message.id);
    if (!batch) return;
    if (message.type === 'rows') batch.rows(message.data);
    else if (message.type === 'finish') batch.finish(message.data, message.summary);
    else batch.abort();
  });
}

if (!parentPort) throw new Error('report-thread-main.ts runs only as the report thread (see report-thread.ts)');
serve(parentPort);
