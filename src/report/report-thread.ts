/**
 * The report thread, seen from the main thread: one per process, started on the first batch,
 * serving every batch at once. It is ref'd only while a batch is open, so a finished CLI exits
 * on its own. If it dies, every open batch fails with a clear error (its temp files are removed
 * here) and the next batch starts a fresh thread.
 */
import { Worker } from 'node:worker_threads';
import { removeTempFiles } from './atomic-file.ts';
import { BatchChannel } from './batch-channel.ts';
import type { FromReportThread } from './report-wire.ts';

/** Plain JS: it registers tsx's loader in the thread before loading the TypeScript code. */
const ENTRY = new URL('./report-thread.js', import.meta.url);

let shared: ReportThread | null = null;

export class ReportThread {
  private readonly worker: Worker;
  private readonly batches = new Map<number, { channel: BatchChannel; dir: string }>();
  private nextId = 1;
  private crash: Error | null = null;
  private dead = false;

  private constructor() {
    this.worker = new Worker(ENTRY);
    this.worker.unref();
    this.worker.on('message', (message: FromReportThread) => this.batches.get(message.id)?.channel.receive(message));
    // 'error' (an exception in the thread) is always followed by 'exit'; the batches fail there,
    // when the thread can no longer touch their files.
    this.worker.on('error', (error) => {
      this.crash ??= error;
    });
    this.worker.on('messageerror', (error) => {
      this.crash ??= error;
      void this.worker.terminate();
    });
    this.worker.on('exit', (code) => this.died(code));
  }

  /** The process's report thread, started if there is none (or the last one died). */
  static shared(): ReportThread {
    if (!shared || shared.dead) shared = new ReportThread();
    return shared;
  }

  /** Opens a batch: the thread writes its files into `dir`, which must exist. */
  open(dir: string, headers: readonly string[]): BatchChannel {
    const id = this.nextId++;
    const channel = new BatchChannel(id, (message) => this.worker.postMessage(message), () => this.closed(id));
    if (this.batches.size === 0) this.worker.ref();
    this.batches.set(id, { channel, dir });
    this.worker.postMessage({ type: 'open', id, dir, headers });
    return channel;
  }

  /** Stops the thread; open batches fail. For tests and shutdown. */
  async stop(): Promise<void> {
    await this.worker.terminate();
  }

  private closed(id: number): void {
    this.batches.delete(id);
    if (this.batches.size === 0) this.worker.unref();
  }

  private died(code: number): void {
    this.dead = true;
    if (shared === this) shared = null;
    const reason = this.crash ? this.crash.message : `exit code ${code}`;
    const error = new Error(`the report thread stopped (${reason}); the report was not written`, { cause: this.crash ?? undefined });
    for (const { channel, dir } of [...this.batches.values()]) channel.fail(error, removeTempFiles(dir));
  }
}

/** Stops the process's report thread if one runs (open batches fail). */
export async function stopReportThread(): Promise<void> {
  const thread = shared;
  shared = null;
  await thread?.stop();
}
