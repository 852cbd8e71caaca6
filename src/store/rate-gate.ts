/**
 * The rate gate every store request passes through (logins and retries included), so all callers
 * of a client share one limit. The in-process gate here serves one process; a Redis-backed gate
 * (src/sync) implements the same interface for many workers.
 */

export interface RateGate {
  /** Resolves when one more request may start now; the caller must start it at once. */
  acquire(): Promise<void>;
  /** Holds every caller of the gate for `ms` (a 429's Retry-After), counted from now. */
  pause(ms: number): Promise<void>;
}

export interface SlidingWindowGateOptions {
  /** Requests per second; never more than this many start in any 1000 ms window. */
  rate: number;
  /**
   * Extra spacing added to the window, so that the store (which sees a request slightly after we
   * start it, with some jitter) never counts more than `rate` in its own 1000 ms window.
   * @defaultValue 20
   */
  marginMs?: number;
  /** Monotonic milliseconds. @defaultValue performance.now */
  now?: () => number;
}

/** How many starts fit in how long a window, for a rate in requests per second. */
export function windowFor(rate: number): { capacity: number; windowMs: number } {
  if (!(rate > 0) || !Number.isFinite(rate)) throw new RangeError(`rate must be a positive number, got ${rate}`);
  // A fractional rate above 1 rounds down (never above the rate); below 1 it widens the window.
  if (rate >= 1) return { capacity: Math.floor(rate), windowMs: 1000 };
  return { capacity: 1, windowMs: 1000 / rate };
}

/**
 * A sliding-window limiter: it remembers the start times of the last `capacity` requests and lets
 * a new one start only once the oldest of them is more than a window (plus margin) ago. Unlike a
 * fixed-interval spacer this reaches the full rate with bursts, and unlike a fixed window it can
 * never put 2x the rate into a second that straddles two windows. Waiters are served in order.
 */
export class SlidingWindowGate implements RateGate {
  private readonly capacity: number;
  private readonly spanMs: number;
  private readonly now: () => number;
  /** Start times of the most recent requests, oldest first, at most `capacity` long. */
  private readonly starts: number[] = [];
  private readonly waiters: (() => void)[] = [];
  private pausedUntil = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(options: SlidingWindowGateOptions) {
    const { capacity, windowMs } = windowFor(options.rate);
    this.capacity = capacity;
    this.spanMs = windowMs + (options.marginMs ?? 20);
    this.now = options.now ?? (() => performance.now());
  }

  acquire(): Promise<void> {
    if (this.waiters.length === 0 && this.earliestStart() <= this.now()) {
      this.recordStart();
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => {
      this.waiters.push(resolve);
      this.schedule();
    });
  }

  pause(ms: number): Promise<void> {
    if (ms > 0) this.pausedUntil = Math.max(this.pausedUntil, this.now() + ms);
    return Promise.resolve();
  }

  /** Requests waiting for a slot (for tests and diagnostics). */
  get waiting(): number {
    return this.waiters.length;
  }

  private earliestStart(): number {
    const oldest = this.starts.length < this.capacity ? -Infinity : this.starts[0]!;
    return Math.max(this.pausedUntil, oldest + this.spanMs);
  }

  private recordStart(): void {
    this.starts.push(this.now());
    if (this.starts.length > this.capacity) this.starts.shift();
  }

  private schedule(): void {
    if (this.timer !== undefined || this.waiters.length === 0) return;
    // Timers may fire a little early; release() re-checks against the clock and reschedules.
    const delay = Math.max(1, Math.ceil(this.earliestStart() - this.now()));
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.release();
    }, delay);
  }

  private release(): void {
    while (this.waiters.length > 0 && this.earliestStart() <= this.now()) {
      this.recordStart();
      this.waiters.shift()!();
    }
    this.schedule();
  }
}
