/**
 * When a notification is tried again (pure): soon at first, for a receiver that blinked, then
 * further and further apart, for one that is down for the night, until a day and more has passed.
 * Both deliverers (the outbox, the Redis queue) ask here, so the schedule is written once.
 */

/**
 * Waits after the 1st, 2nd, ... failed attempt: 5 s, 30 s, 2 min, 10 min, 30 min, 1 h, 2 h, 4 h,
 * 8 h, 16 h. The last try is 31 h 42 min after the first, so a receiver down for a whole day
 * still gets it; 11 attempts in all.
 */
export const RETRY_DELAYS_MS: readonly number[] = [
  5_000,
  30_000,
  2 * 60_000,
  10 * 60_000,
  30 * 60_000,
  3_600_000,
  2 * 3_600_000,
  4 * 3_600_000,
  8 * 3_600_000,
  16 * 3_600_000,
];

/** An attempt without an answer in this time failed (the receiver may still get it: at least once). */
export const ATTEMPT_TIMEOUT_MS = 10_000;

/** The wait after `failedAttempts` failed attempts, or null when that was the last one. */
export function retryDelay(failedAttempts: number, delays: readonly number[] = RETRY_DELAYS_MS): number | null {
  if (!Number.isInteger(failedAttempts) || failedAttempts < 1) return null;
  return delays[failedAttempts - 1] ?? null;
}

/** Every attempt a notification gets: the first and one per delay. */
export function maxAttempts(delays: readonly number[] = RETRY_DELAYS_MS): number {
  return delays.length + 1;
}
