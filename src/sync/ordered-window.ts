/**
 * Runs row tasks concurrently but hands their results on in row order, with a bounded window:
 * reading waits while the oldest unfinished row is `window` rows behind, so memory stays flat
 * for any sheet size and reports can be streamed in order.
 *
 * Rows decided at once (a task that returns a value, not a promise) and a sink that takes them at
 * once cost no promise at all: an unchanged row of a delta sync goes from the sheet to the report
 * in one synchronous step.
 */
export class OrderedWindow<T> {
  private next = 0;
  private submitted = 0;
  private readonly ready = new Map<number, T>();
  /** Set while the sink is busy with a row (it returned a promise); drain waits for it. */
  private flushing: Promise<void> = Promise.resolve();
  private flushRunning = false;
  private roomWaiters: (() => void)[] = [];
  private failure: unknown;

  constructor(
    private readonly window: number,
    /** Takes rows one at a time in order; a returned promise holds the next row back until it settles. */
    private readonly sink: (item: T) => Promise<void> | undefined,
  ) {}

  /**
   * Starts a task once there is room. With room it starts at once and returns undefined (no
   * promise per row); otherwise the returned promise resolves when it has started (not finished).
   */
  submit<A>(task: (arg: A) => T | Promise<T>, arg: A): Promise<void> | undefined {
    // The task and its argument come apart so a caller needs no new closure per row.
    if (this.submitted - this.next >= this.window || this.failure !== undefined) return this.submitWhenRoom(task, arg);
    this.start(task, arg);
    return undefined;
  }

  private async submitWhenRoom<A>(task: (arg: A) => T | Promise<T>, arg: A): Promise<void> {
    while (this.submitted - this.next >= this.window) {
      this.throwIfFailed();
      await new Promise<void>((resolve) => this.roomWaiters.push(resolve));
    }
    this.throwIfFailed();
    this.start(task, arg);
  }

  private start<A>(task: (arg: A) => T | Promise<T>, arg: A): void {
    const seq = this.submitted++;
    let value: T | Promise<T>;
    try {
      value = task(arg);
    } catch (error) {
      this.fail(error);
      return;
    }
    if (value instanceof Promise) {
      value.then(
        (done) => this.complete(seq, done),
        (error: unknown) => this.fail(error),
      );
    } else {
      this.complete(seq, value);
    }
  }

  /** Resolves when every submitted task has been handed to the sink. */
  async drain(): Promise<void> {
    while (this.next < this.submitted) {
      this.throwIfFailed();
      await new Promise<void>((resolve) => this.roomWaiters.push(resolve));
    }
    await this.flushing;
    this.throwIfFailed();
  }

  private complete(seq: number, value: T): void {
    // A running hand-on picks this row up when its turn comes; otherwise start one if it is next
    // (the common case: the row goes straight to the sink, never into `ready`).
    if (this.flushRunning || seq !== this.next || this.failure !== undefined) {
      this.ready.set(seq, value);
      return;
    }
    this.flushRunning = true;
    if (this.deliver(value)) this.handOn();
  }

  /** Hands ready rows to the sink in order, synchronously until the sink asks to wait. */
  private handOn(): void {
    while (this.failure === undefined && this.ready.has(this.next)) {
      const item = this.ready.get(this.next) as T;
      this.ready.delete(this.next);
      if (!this.deliver(item)) return;
    }
    // Cleared in the same tick as the last check: a row completing next starts a new hand-on.
    this.flushRunning = false;
    if (this.roomWaiters.length > 0) this.wake();
  }

  /** Gives the next row to the sink; false when the hand-on stops here (the sink is busy, or failed). */
  private deliver(item: T): boolean {
    let waiting: Promise<void> | undefined;
    try {
      waiting = this.sink(item);
    } catch (error) {
      this.flushRunning = false;
      this.fail(error);
      return false;
    }
    if (waiting) {
      this.flushing = waiting.then(
        () => {
          this.next++;
          this.handOn();
        },
        (error: unknown) => {
          this.flushRunning = false;
          this.fail(error);
        },
      );
      return false;
    }
    this.next++;
    // Reading resumes as soon as there is room, not only when the ready rows run out.
    if (this.roomWaiters.length > 0) this.wake();
    return true;
  }

  private fail(error: unknown): void {
    this.failure ??= error;
    this.wake();
  }

  private wake(): void {
    const waiters = this.roomWaiters;
    this.roomWaiters = [];
    for (const w of waiters) w();
  }

  private throwIfFailed(): void {
    if (this.failure === undefined) return;
    throw this.failure instanceof Error ? this.failure : new Error('row task failed', { cause: this.failure });
  }
}
