/**
 * One batch's side of the conversation with the report thread: it counts the chunks the thread
 * has not written yet (backpressure), and turns the thread's replies into the promises the
 * writer returns. A failure (of the batch, or of the whole thread) is kept and given to the
 * next call; promises are only rejected when someone is waiting on them, so none goes unhandled.
 */
import type { BatchSummary } from './summary.ts';
import type { FromReportThread, ToReportThread, WireValue } from './report-wire.ts';

/** Chunks sent but not yet written before `rows` makes the caller wait: memory stays bounded. */
const MAX_UNWRITTEN_CHUNKS = 6;
/**
 * The same before the batch's first chunk is written: a new thread takes ~200 ms to start (tsx's
 * loader), and the sync need not stand still meanwhile. Still bounded (~40,000 usual rows).
 */
const MAX_UNWRITTEN_AT_START = 32;

interface Waiter {
  promise: Promise<void>;
  resolve: () => void;
  reject: (error: Error) => void;
}

function waiter(): Waiter {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

export class BatchChannel {
  private unwritten = 0;
  private written = false;
  /** Why the batch stopped, once it did (given to every later call). */
  failure: Error | null = null;
  /** Resolved by the next ack; shared by whoever waits for room. */
  private room: Waiter | null = null;
  /** The finish or abort in flight, resolved by the thread's last reply about this batch. */
  private ending: { kind: 'finish' | 'abort'; waiter: Waiter } | null = null;
  private closed = false;
  /** Settles when a failed batch's temp files are gone (see `fail`). */
  private cleaned: Promise<void> = Promise.resolve();

  constructor(
    readonly id: number,
    private readonly post: (message: ToReportThread) => void,
    private readonly onClosed: () => void,
  ) {}

  /** Sends a chunk of rows; a promise only when too many chunks are still unwritten. */
  rows(data: WireValue[]): Promise<void> | undefined {
    if (this.failure) return Promise.reject(this.failure);
    if (this.closed || this.ending) return Promise.reject(new Error('report writer already finished or aborted'));
    this.post({ type: 'rows', id: this.id, data });
    this.unwritten++;
    if (this.unwritten <= (this.written ? MAX_UNWRITTEN_CHUNKS : MAX_UNWRITTEN_AT_START)) return undefined;
    this.room ??= waiter();
    return this.room.promise;
  }

  finish(data: WireValue[], summary: BatchSummary): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    if (this.closed || this.ending) return Promise.reject(new Error('report writer already finished or aborted'));
    this.ending = { kind: 'finish', waiter: waiter() };
    this.post({ type: 'finish', id: this.id, data, summary });
    return this.ending.waiter.promise;
  }

  /** Resolves once the thread removed the batch's temp files (at once if the batch is already over). */
  abort(): Promise<void> {
    if (this.ending) return this.ending.kind === 'abort' ? this.ending.waiter.promise : Promise.resolve();
    if (this.closed) return this.cleaned;
    this.ending = { kind: 'abort', waiter: waiter() };
    this.post({ type: 'abort', id: this.id });
    return this.ending.waiter.promise;
  }

  receive(message: FromReportThread): void {
    switch (message.type) {
      case 'ack': {
        this.unwritten--;
        this.written = true;
        const room = this.room;
        this.room = null;
        room?.resolve();
        return;
      }
      case 'finished':
      case 'aborted':
        this.close();
        this.ending?.waiter.resolve();
        return;
      case 'failed':
        // The thread already removed this batch's temp files.
        this.fail(
          Object.assign(new Error(message.message), message.code ? { code: message.code } : {}),
          Promise.resolve(),
        );
        return;
    }
  }

  /**
   * Ends the batch with `error`. `cleaned` settles when its temp files are gone: an abort
   * waiting for the batch resolves then, a waiting write or finish rejects with `error`.
   */
  fail(error: Error, cleaned: Promise<void>): void {
    if (this.closed) return;
    this.failure = error;
    this.cleaned = cleaned.catch(() => undefined);
    this.close();
    const room = this.room;
    this.room = null;
    room?.reject(error);
    const ending = this.ending;
    if (ending?.kind === 'abort') void this.cleaned.then(ending.waiter.resolve);
    else ending?.waiter.reject(error);
  }

  private close(): void {
    if (this.closed) return;
    this.closed = true;
    this.onClosed();
  }
}
