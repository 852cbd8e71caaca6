/**
 * Runs row tasks concurrently but hands their results on in row order, with a bounded window:
 * reading waits while the oldest unfinished row is `window` rows behind, so memory stays flat
 * for any sheet size and reports can be streamed in order.
 */
export class OrderedWindow<T> {
  private next = 0;
  private submitted = 0;
  private readonly ready = new Map<number, T>();
  /** One flush loop hands on every row that is ready (not one promise chain link per row). */
  private flushing: Promise<void> = Promise.resolve();
  private flushRunning = false;
  private roomWaiters: (() => void)[] = [];
  private failure: unknown;

  constructor(
    private readonly window: number,
    private readonly sink: (item: T) => Promise<void>,
  ) {}

  /**
   * Starts a task once there is room. With room it starts at once and returns undefined (no
   * promise per row); otherwise the returned promise resolves when it has started (not finished).
   */
  submit(task: () => Promise<T>): Promise<void> | undefined {
    if (this.submitted - this.next >= this.window || this.failure !== undefined) return this.submitWhenRoom(task);
    this.start(task);
    return undefined;
  }

  private async submitWhenRoom(task: () => Promise<T>): Promise<void> {
    while (this.submitted - this.next >= this.window) {
      this.throwIfFailed();
      await new Promise<void>((resolve) => this.roomWaiters.push(resolve));
    }
    this.throwIfFailed();
    this.start(task);
  }

  private start(task: () => Promise<T>): void {
    const seq = this.submitted++;
    task().then(
      (value) => this.complete(seq, value),
      (error: unknown) => this.fail(error),
    );
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
    this.ready.set(seq, value);
    // A running loop picks this row up when its turn comes; otherwise start one if it is next.
    if (this.flushRunning || seq !== this.next || this.failure !== undefined) return;
    this.flushRunning = true;
    this.flushing = this.flush().catch((error: unknown) => this.fail(error));
  }

  private async flush(): Promise<void> {
    try {
      while (this.ready.has(this.next)) {
        const item = this.ready.get(this.next)!;
        this.ready.delete(this.next);
        await this.sink(item);
        this.next++;
        // Reading resumes as soon as there is room, not only when the loop ends.
        if (this.roomWaiters.length > 0) this.wake();
      }
    } finally {
      // Cleared in the same tick as the last check: a row completing next starts a new loop.
      this.flushRunning = false;
    }
    this.wake();
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
    throw this.failure instanceof Error ? this.failure : new Error("row task failed", { cause: this.failure });
  }
}
