/**
 * A sliding-window limiter: at most `max` accepted requests in any window of `windowMs`.
 * Requests it refuses are not counted, so a client that backs off gets through again.
 */
import type { RateLimit } from './types.ts';

export type Admission = { ok: true } | { ok: false; retryAfterSeconds: number };

export class SlidingWindowLimiter {
  /** Accepted request times, oldest first; `head` skips the ones that left the window. */
  private times: number[] = [];
  private head = 0;
  readonly max: number;
  readonly windowMs: number;

  constructor(limit: RateLimit) {
    if (!(limit.max >= 1)) throw new TypeError(`rate limit max must be >= 1, got ${limit.max}`);
    this.max = Math.floor(limit.max);
    this.windowMs = limit.windowMs ?? 1000;
    if (!(this.windowMs > 0)) throw new TypeError(`rate limit windowMs must be > 0, got ${this.windowMs}`);
  }

  admit(now: number): Admission {
    while (this.head < this.times.length && (this.times[this.head] ?? 0) <= now - this.windowMs) this.head += 1;
    if (this.head > 4096 && this.head * 2 > this.times.length) {
      this.times = this.times.slice(this.head);
      this.head = 0;
    }
    if (this.times.length - this.head >= this.max) {
      const oldest = this.times[this.head] ?? now;
      const waitMs = oldest + this.windowMs - now;
      return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
    }
    this.times.push(now);
    return { ok: true };
  }
}
