/**
 * The rate gate every store request passes through (logins and retries included), so all callers
 * of a client share one limit. Two gates implement it: memory.ts (one process) and redis.ts (every
 * worker process, through one Redis sorted set).
 */

export interface RateGate {
  /**
   * Resolves with a pass when one more request may start now. The pass holds its slot until the
   * request is on the wire (`sent()`) or given back unused (`unused()`): a request that is slow to
   * leave (a CPU-starved process, a ledger write before a create) still counts, so it can never
   * reach the store in a later window than the one it was admitted in.
   */
  acquire(): Promise<RatePass>;
  /** Holds every caller of the gate for `ms` (a 429's Retry-After), counted from now. */
  pause(ms: number): Promise<void>;
}

export interface RatePass {
  /**
   * Exactly once per pass, when its request has been written to the network (or failed before it
   * could be): the request counts from that moment, which is when the store starts to see it.
   */
  sent(): void;
  /** The request was not sent after all: the slot is free again. Instead of sent(), never both. */
  unused(): void;
  /**
   * Whether the pass must not be used now: it was held so long that its slot may have lapsed
   * (redis.ts holds a slot for a bounded time, so a killed process cannot keep it forever), or a
   * pause this process asked for (a 429) began while it was held. The caller gives it back unused
   * and acquires another instead of sending late. Asked right before the request leaves, once the
   * request has its request slot (a pass may wait for one: sync/slots.ts).
   */
  expired(): boolean;
}

/** How many starts fit in how long a window, for a rate in requests per second. */
export function windowFor(rate: number): { capacity: number; windowMs: number } {
  if (!(rate > 0) || !Number.isFinite(rate)) throw new RangeError(`rate must be a positive number, got ${rate}`);
  // A fractional rate above 1 rounds down (never above the rate); below 1 it widens the window.
  if (rate >= 1) return { capacity: Math.floor(rate), windowMs: 1000 };
  return { capacity: 1, windowMs: 1000 / rate };
}
