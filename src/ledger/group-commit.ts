/**
 * Group commit: items added while a write is under way wait for it to end, then go out together
 * in the next write. One write at a time, in the order items were added; each caller's promise
 * resolves once the write that carried its items is done (for the file ledger: on disk). Under
 * load the number of writes follows the disk's pace, not the number of callers.
 */
interface Waiter {
  resolve: () => void;
  reject: (error: unknown) => void;
}

export class GroupCommit<Item> {
  private queued: Item[] = [];
  private waiters: Waiter[] = [];
  private writing: Promise<void> | null = null;

  constructor(private readonly write: (items: Item[]) => Promise<void>) {}

  add(items: readonly Item[]): Promise<void> {
    if (items.length === 0) return this.idle();
    return new Promise<void>((resolve, reject) => {
      for (const item of items) this.queued.push(item);
      this.waiters.push({ resolve, reject });
      this.writing ??= this.drain();
    });
  }

  /** Resolves once every item added so far is written (or failed). */
  async idle(): Promise<void> {
    while (this.writing) await this.writing;
  }

  private async drain(): Promise<void> {
    // Let the callers of this turn of the event loop join the first group too.
    await Promise.resolve();
    while (this.queued.length > 0) {
      const items = this.queued;
      const waiters = this.waiters;
      this.queued = [];
      this.waiters = [];
      try {
        await this.write(items);
        for (const w of waiters) w.resolve();
      } catch (error) {
        for (const w of waiters) w.reject(error);
      }
    }
    this.writing = null;
  }
}
