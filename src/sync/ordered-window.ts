/**
 * Runs row tasks concurrently but hands their results on in row order, with a bounded window:
 * reading waits while the oldest unfinished row is `size` rows behind, so memory stays flat for
 * any sheet size and reports can be streamed in order.
 */
export class OrderedWindow<T> {
  /** Sequence number of the next row the sink gets. */
  private next = 0;
  private submitted = 0;
  private readonly ready = new Map<number, T>();
  private handing = false;
  private waiters: (() => void)[] = [];
  private failure: { error: unknown } | null = null;

  constructor(
    private readonly size: number,
    /** Takes rows one at a time, in order; the next row waits until it settles. */
    private readonly sink: (item: T) => Promise<void>,
  ) {}

  /** Waits for room, then starts the task; resolves once it has started (not finished). */
  async submit(task: () => Promise<T>): Promise<void> {
    while (this.submitted - this.next >= this.size) {
      this.throwIfFailed();
      await this.nextChange();
    }
    this.throwIfFailed();
    const seq = this.submitted++;
    task().then(
      (value) => this.complete(seq, value),
      (error: unknown) => this.fail(error),
    );
  }

  /** Resolves when every submitted task has been handed to the sink and the sink is done with it. */
  async drain(): Promise<void> {
    while (this.next < this.submitted) {
      this.throwIfFailed();
      await this.nextChange();
    }
    this.throwIfFailed();
  }

  private complete(seq: number, value: T): void {
    this.ready.set(seq, value);
    if (!this.handing) void this.handOn();
  }

  /** Hands ready rows to the sink in order, one at a time; a row that ends later picks up from there. */
  private async handOn(): Promise<void> {
    this.handing = true;
    try {
      while (this.failure === null && this.ready.has(this.next)) {
        const item = this.ready.get(this.next) as T;
        this.ready.delete(this.next);
        await this.sink(item);
        this.next++;
        this.wake();
      }
    } catch (error) {
      this.fail(error);
    } finally {
      // Cleared in the same turn as the last check: a row completing next starts a new hand-on.
      this.handing = false;
    }
  }

  private nextChange(): Promise<void> {
    return new Promise<void>((resolve) => this.waiters.push(resolve));
  }

  private fail(error: unknown): void {
    this.failure ??= { error };
    this.wake();
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }

  private throwIfFailed(): void {
    if (this.failure === null) return;
    const { error } = this.failure;
    throw error instanceof Error ? error : new Error('row task failed', { cause: error });
  }
}
