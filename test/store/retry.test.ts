import { describe, expect, it } from 'vitest';
import type { StoreErrorCode, StoreOperation } from '../../src/store/errors.ts';
import { isCreateOutcomeUnknown, isRetryable, nextRetryDelay, retryDelayMs } from '../../src/store/retry.ts';

const CODES: StoreErrorCode[] = [
  'INVALID_CREDENTIALS',
  'ACCESS_DENIED',
  'SAME_STATUS',
  'REJECTED',
  'RATE_LIMITED',
  'SERVER_ERROR',
  'NOT_SENT',
  'AMBIGUOUS',
  'BAD_RESPONSE',
  'LOGIN_FAILED',
  'ID_DENIED',
];
const IDEMPOTENT: StoreOperation[] = [
  'authorize',
  'update_product',
  'products_status',
  'categories',
  'brands',
  'taxes',
  'vouchers',
];

describe('isRetryable', () => {
  const createRetries: Record<StoreErrorCode, boolean> = {
    INVALID_CREDENTIALS: false,
    ACCESS_DENIED: false,
    SAME_STATUS: false,
    REJECTED: false,
    RATE_LIMITED: true,
    SERVER_ERROR: false,
    NOT_SENT: true,
    AMBIGUOUS: false,
    BAD_RESPONSE: false,
    // The call's own retries never see it: the login was retried as its own call.
    LOGIN_FAILED: false,
    ID_DENIED: false,
  };
  const idempotentRetries: Record<StoreErrorCode, boolean> = {
    ...createRetries,
    SERVER_ERROR: true,
    AMBIGUOUS: true,
  };

  it.each(CODES)('create_product with %s', (code) => {
    expect(isRetryable(code, 'create_product')).toBe(createRetries[code]);
  });

  it.each(IDEMPOTENT.flatMap((operation) => CODES.map((code) => [operation, code] as const)))(
    '%s with %s',
    (operation, code) => {
      expect(isRetryable(code, operation)).toBe(idempotentRetries[code]);
    },
  );
});

describe('isCreateOutcomeUnknown', () => {
  it.each<[StoreErrorCode, boolean]>([
    ['AMBIGUOUS', true],
    ['SERVER_ERROR', true],
    ['BAD_RESPONSE', true],
    ['NOT_SENT', false],
    ['RATE_LIMITED', false],
    ['REJECTED', false],
    ['ACCESS_DENIED', false],
    ['INVALID_CREDENTIALS', false],
    ['SAME_STATUS', false],
    ['LOGIN_FAILED', false],
  ])('%s -> %s', (code, expected) => {
    expect(isCreateOutcomeUnknown(code)).toBe(expected);
  });
});

describe('retryDelayMs', () => {
  it.each<[number, number, number | undefined, number]>([
    // attempt, random, Retry-After ms, expected
    [1, 0, undefined, 125],
    [1, 1, undefined, 250],
    [2, 0.5, undefined, 375],
    [3, 1, undefined, 1000],
    [10, 1, undefined, 10_000],
    [30, 0, undefined, 5000],
    [1, 0.5, 3000, 3000],
    [6, 1, 3000, 8000],
  ])('attempt %i, random %f, Retry-After %s -> %i', (attempt, random, retryAfterMs, expected) => {
    expect(retryDelayMs(attempt, { retryAfterMs }, () => random)).toBe(expected);
  });

  it('grows with the attempt and stays within the cap', () => {
    const delays = [1, 2, 3, 4, 5, 6, 7, 8].map((attempt) =>
      retryDelayMs(attempt, {}, () => 1, { baseMs: 100, capMs: 2000 }),
    );
    expect(delays).toEqual([100, 200, 400, 800, 1600, 2000, 2000, 2000]);
  });
});

describe('nextRetryDelay', () => {
  const base = { operation: 'update_product' as const, attempts: 1, maxAttempts: 5, maxRetryAfterMs: 60_000 };
  it.each([
    ['retryable, attempts left', { ...base, code: 'SERVER_ERROR' as const }, 250],
    ['attempts used up', { ...base, code: 'SERVER_ERROR' as const, attempts: 5 }, undefined],
    ['never retried', { ...base, code: 'REJECTED' as const }, undefined],
    ['create after a 5xx', { ...base, operation: 'create_product' as const, code: 'SERVER_ERROR' as const }, undefined],
    [
      'create after connection refused',
      { ...base, operation: 'create_product' as const, code: 'NOT_SENT' as const },
      250,
    ],
    ['Retry-After honoured', { ...base, code: 'RATE_LIMITED' as const, retryAfterMs: 2000 }, 2000],
    ['Retry-After too long', { ...base, code: 'RATE_LIMITED' as const, retryAfterMs: 61_000 }, undefined],
  ])('%s', (_label, input, expected) => {
    expect(nextRetryDelay(input, () => 1)).toBe(expected);
  });
});
