/**
 * The rate gate every store request passes through (logins and retries included), so all callers
 * of a client share one limit. Two gates implement it: memory.ts (one process) and redis.ts (every
 * worker process, through one Redis sorted set).
 */

export interface RateGate {
  /** Resolves when one more request may start now; the caller must start it at once. */
  acquire(): Promise<void>;
  /** Holds every caller of the gate for `ms` (a 429's Retry-After), counted from now. */
  pause(ms: number): Promise<void>;
  /**
   * Optional. The store client calls it exactly once after each acquire(), when that request
   * has been written to the network (or failed before it could be). A gate that implements it
   * counts each request from that moment, which is when the store starts to see it.
   */
  sent?(): void;
}

/** How many starts fit in how long a window, for a rate in requests per second. */
export function windowFor(rate: number): { capacity: number; windowMs: number } {
  if (!(rate > 0) || !Number.isFinite(rate)) throw new RangeError(`rate must be a positive number, got ${rate}`);
  // A fractional rate above 1 rounds down (never above the rate); below 1 it widens the window.
  if (rate >= 1) return { capacity: Math.floor(rate), windowMs: 1000 };
  return { capacity: 1, windowMs: 1000 / rate };
}
