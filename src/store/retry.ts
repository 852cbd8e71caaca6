/**
 * THE retry policy: every store call is retried here and nowhere else (the sync engine sends each
 * call once and only reads its final error). Pure decisions, table-tested in test/store/retry.test.ts;
 * store/call.ts applies them.
 *
 * - Up to `maxAttempts` = 5 requests per call, the first included.
 * - Before retry n (n = 1 after the first failure): `baseMs` x 2^(n-1), capped at `capMs`, with
 *   "equal jitter" (half fixed, half random): 125-250, 250-500, 500-1,000, 1,000-2,000 ms; never
 *   less than the store's Retry-After.
 * - A Retry-After longer than `maxRetryAfterMs` (2 minutes) is not waited for: the call fails
 *   RATE_LIMITED at once. A 429 also pauses the rate gate, so every caller waits, not only this one.
 * - Which failures are retried: isRetryable. A create that may have reached the store never is.
 * - A 400 `Access denied` on a cached token: one fresh login and one more request (store/call.ts),
 *   counted among the attempts.
 */
import type { StoreErrorCode, StoreOperation } from './errors.ts';

export interface RetryPolicy {
  maxAttempts: number;
  /** First retry's base delay. */
  baseMs: number;
  /** Upper bound of the exponential part. */
  capMs: number;
  maxRetryAfterMs: number;
}

export const RETRY_POLICY: Readonly<RetryPolicy> = {
  maxAttempts: 5,
  baseMs: 250,
  capMs: 10_000,
  maxRetryAfterMs: 120_000,
};

/** Shorter delays (tests, benches); the attempts and what is retried stay the policy's. */
export type BackoffOptions = Partial<Pick<RetryPolicy, 'baseMs' | 'capMs'>>;

/** Codes that say the request surely never reached the store, or that it refused to look at it. */
const SAFE_FOR_ANY_OPERATION = new Set<StoreErrorCode>(['NOT_SENT', 'RATE_LIMITED']);
/** Codes where the request may have been applied: retry only what is idempotent. */
const SAFE_IF_IDEMPOTENT = new Set<StoreErrorCode>(['SERVER_ERROR', 'AMBIGUOUS']);

/** create_product returns no id and is not idempotent; every other operation is. */
export function isIdempotent(operation: StoreOperation): boolean {
  return operation !== 'create_product';
}

/**
 * Whether a failure may be retried. REJECTED, SAME_STATUS, INVALID_CREDENTIALS and ACCESS_DENIED
 * never are (ACCESS_DENIED gets its one re-login in store/call.ts). Nor is BAD_RESPONSE, even for
 * an idempotent call: the store did answer (a 2xx body we cannot read, a 1xx/3xx), and asking
 * again gets the same answer from the same store; the row fails, is not recorded in the ledger,
 * and the next sync sends it again.
 */
export function isRetryable(code: StoreErrorCode, operation: StoreOperation): boolean {
  if (SAFE_FOR_ANY_OPERATION.has(code)) return true;
  return SAFE_IF_IDEMPOTENT.has(code) && isIdempotent(operation);
}

/**
 * Whether a failed create_product may nevertheless have created the product. AMBIGUOUS and
 * SERVER_ERROR per the design; BAD_RESPONSE too, because it only arises from a non-4xx answer
 * whose body we could not read (the safe reading: the store may have accepted it).
 */
export function isCreateOutcomeUnknown(code: StoreErrorCode): boolean {
  return code === 'AMBIGUOUS' || code === 'SERVER_ERROR' || code === 'BAD_RESPONSE';
}

/**
 * Delay before retry number `attempt` (1 = the first retry): exponential backoff with "equal
 * jitter" (half fixed, half random), and never less than the store's Retry-After.
 */
export function retryDelayMs(
  attempt: number,
  error: { retryAfterMs?: number | undefined },
  random: () => number = Math.random,
  options: BackoffOptions = {},
): number {
  const base = options.baseMs ?? RETRY_POLICY.baseMs;
  const cap = options.capMs ?? RETRY_POLICY.capMs;
  const exponential = Math.min(cap, base * 2 ** Math.max(0, attempt - 1));
  const jittered = exponential / 2 + random() * (exponential / 2);
  return Math.round(Math.max(error.retryAfterMs ?? 0, jittered));
}

export interface RetryDecisionInput {
  code: StoreErrorCode;
  operation: StoreOperation;
  retryAfterMs?: number | undefined;
  /** Attempts made so far, including the one that just failed. */
  attempts: number;
  maxAttempts: number;
  /** A Retry-After longer than this is not waited for: the call fails RATE_LIMITED at once. */
  maxRetryAfterMs: number;
}

/** The delay before the next attempt, or undefined when the call should fail now. */
export function nextRetryDelay(
  input: RetryDecisionInput,
  random: () => number = Math.random,
  options: BackoffOptions = {},
): number | undefined {
  if (!isRetryable(input.code, input.operation)) return undefined;
  if (input.attempts >= input.maxAttempts) return undefined;
  if ((input.retryAfterMs ?? 0) > input.maxRetryAfterMs) return undefined;
  return retryDelayMs(input.attempts, input, random, options);
}
