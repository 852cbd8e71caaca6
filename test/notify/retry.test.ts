import { describe, expect, it } from 'vitest';
import { maxAttempts, RETRY_DELAYS_MS, retryDelay } from '../../src/notify/retry.ts';

describe('retry schedule', () => {
  it.each([
    [1, 5_000],
    [2, 30_000],
    [3, 2 * 60_000],
    [4, 10 * 60_000],
    [5, 30 * 60_000],
    [6, 3_600_000],
    [7, 2 * 3_600_000],
    [8, 4 * 3_600_000],
    [9, 8 * 3_600_000],
    [10, 16 * 3_600_000],
    [11, null],
    [0, null],
    [-1, null],
    [1.5, null],
  ])('after %s failed attempts waits %s ms', (failed, wait) => {
    expect(retryDelay(failed)).toBe(wait);
  });

  it('tries soon first, then further apart each time, for more than a day', () => {
    for (let i = 1; i < RETRY_DELAYS_MS.length; i++)
      expect(RETRY_DELAYS_MS[i]!).toBeGreaterThan(RETRY_DELAYS_MS[i - 1]!);
    const lastTry = RETRY_DELAYS_MS.reduce((sum, wait) => sum + wait, 0);
    expect(lastTry).toBeGreaterThanOrEqual(24 * 3_600_000);
    expect(maxAttempts()).toBe(11);
  });

  it('follows a schedule it is given (the deliverers take one for their tests)', () => {
    expect(retryDelay(1, [10, 20])).toBe(10);
    expect(retryDelay(2, [10, 20])).toBe(20);
    expect(retryDelay(3, [10, 20])).toBeNull();
    expect(maxAttempts([10, 20])).toBe(3);
  });
});
