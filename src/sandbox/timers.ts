/**
 * Sleeps that close() can cancel, so a sandbox with latency or a delayAfterApply fault in flight
 * never keeps a test process alive after it was closed.
 */
export class CancellableTimers {
  private readonly pending = new Set<NodeJS.Timeout>();
  private closed = false;

  /** Resolves after ms; never resolves once cancelAll() ran (the request is abandoned). */
  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      if (this.closed) return;
      const timer = setTimeout(() => {
        this.pending.delete(timer);
        resolve();
      }, ms);
      this.pending.add(timer);
    });
  }

  cancelAll(): void {
    this.closed = true;
    for (const timer of this.pending) clearTimeout(timer);
    this.pending.clear();
  }
}
