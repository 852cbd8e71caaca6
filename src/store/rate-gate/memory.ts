/**
 * The in-process rate gate: one process's requests under one limit (the Redis gate, redis.ts,
 * holds many processes to one limit).
 */
import { windowFor, type RateGate, type RatePass } from './gate.ts';

/** The shortest wait a timer can do (setTimeout rounds below 1 ms up to 1 ms). */
const TIMER_MS = 1;

export interface SlidingWindowGateOptions {
  /** Requests per second; never more than this many start in any 1000 ms window. */
  rate: number;
  /**
   * Extra length added to the window, for the time between our write and the store reading
   * the request, which varies from one request to the next. @defaultValue 25
   */
  marginMs?: number;
  /**
   * Least time between two releases, as a fraction of the even spacing 1000/rate. A burst of
   * requests released in one instant reaches the store spread out (each costs CPU time to send
   * and to read); spacing a burst keeps each request's arrival close to its send. A spacing below
   * 1 ms holds on average over each millisecond. @defaultValue 0.5
   */
  burstSpacing?: number;
  /**
   * Whether a request counts from its pass's sent() (the store client always reports it). When
   * false, it counts from its release instead (for comparison in the bench). @defaultValue true
   */
  awaitsSent?: boolean;
  /** Monotonic milliseconds. @defaultValue performance.now */
  now?: () => number;
}

/**
 * A sliding-window limiter. It lets a request go when fewer than `capacity` requests are either
 * released-but-not-yet-sent or were sent within the last window (plus margin). Counting from the
 * moment of sending, not of release, keeps the limit true as the store sees it even when this
 * process is slow to send (a loaded CPU, a new connection). Unlike a fixed window it never puts
 * 2x the rate into a second that straddles two windows; it reaches ~97% of the rate (margin
 * 25 ms). Waiters are served in order.
 */
export class SlidingWindowGate implements RateGate {
  private readonly capacity: number;
  private readonly spanMs: number;
  private readonly gapMs: number;
  private readonly awaitsSent: boolean;
  private readonly now: () => number;
  /** Send times (or release times, without sent()) still inside the window, oldest first. */
  private readonly starts: number[] = [];
  /** Released, not yet reported sent. */
  private pending = 0;
  private lastRelease = -Infinity;
  private readonly waiters: ((pass: RatePass) => void)[] = [];
  private pausedUntil = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(options: SlidingWindowGateOptions) {
    const { capacity, windowMs } = windowFor(options.rate);
    this.capacity = capacity;
    this.spanMs = windowMs + (options.marginMs ?? 25);
    this.gapMs = (windowMs / capacity) * (options.burstSpacing ?? 0.5);
    this.awaitsSent = options.awaitsSent ?? true;
    this.now = options.now ?? (() => performance.now());
  }

  acquire(): Promise<RatePass> {
    if (this.waiters.length === 0 && this.canRelease()) return Promise.resolve(this.release());
    return new Promise<RatePass>((resolve) => {
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

  private canRelease(): boolean {
    const now = this.now();
    while (this.starts.length > 0 && this.starts[0]! + this.spanMs <= now) this.starts.shift();
    return (
      now >= this.pausedUntil &&
      now >= this.lastRelease + this.gapMs &&
      this.pending + this.starts.length < this.capacity
    );
  }

  private release(): RatePass {
    const now = this.now();
    // Spacing finer than a timer can wait (a high rate) is kept on average, not release by
    // release: the releases due within the last TIMER_MS go out together. Waiting a whole timer
    // turn for each one capped a burst at about one release per millisecond, and a row at 50 ms
    // store latency waited 2 ms for the gate on average (bench/scale.ts throughput).
    this.lastRelease = Math.max(now - TIMER_MS, this.lastRelease + this.gapMs);
    // No pass is released during a pause, so one that finds the gate paused was held into it.
    const expired = () => this.now() < this.pausedUntil;
    if (!this.awaitsSent) {
      this.starts.push(now);
      return { sent: () => undefined, unused: () => undefined, expired };
    }
    this.pending += 1;
    let settled = false;
    // A pending pass holds its slot for as long as it takes: one process, nothing can lapse.
    const settle = (sentAt: number | undefined) => {
      if (settled) return;
      settled = true;
      this.pending -= 1;
      if (sentAt !== undefined) this.starts.push(sentAt);
      this.drain();
    };
    return { sent: () => settle(this.now()), unused: () => settle(undefined), expired };
  }

  /** When the next release may be possible; undefined while it waits on a sent() report. */
  private nextCheck(): number | undefined {
    const times = [this.pausedUntil, this.lastRelease + this.gapMs];
    if (this.pending + this.starts.length >= this.capacity) {
      // Full: the oldest send leaving the window frees a slot; pending passes free none by time.
      if (this.starts.length === 0) return undefined;
      times.push(this.starts[0]! + this.spanMs);
    }
    return Math.max(...times);
  }

  private schedule(): void {
    if (this.timer !== undefined || this.waiters.length === 0) return;
    const at = this.nextCheck();
    if (at === undefined) return; // a pass's sent() or unused() will drain
    // Timers may fire a little early; drain() re-checks against the clock and reschedules.
    const delay = Math.max(TIMER_MS, Math.ceil(at - this.now()));
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.drain();
    }, delay);
  }

  private drain(): void {
    while (this.waiters.length > 0 && this.canRelease()) {
      this.waiters.shift()!(this.release());
    }
    this.schedule();
  }
}
