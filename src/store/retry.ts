/**
 * Pure retry decisions: which failures are worth another attempt, which leave a create's outcome
 * unknown, and how long to wait. The client applies them; tests table-test them.
 */
import type { StoreErrorCode, StoreOperation } from './errors.ts';

export const DEFAULT_MAX_ATTEMPTS = 5;

export interface BackoffOptions {
  /** First retry's base delay. @defaultValue 250 */
  baseMs?: number;
  /** Upper bound of the exponential part. @defaultValue 10_000 */
  capMs?: number;
}

/** Codes that say the request surely never reached the store, or that it refused to look at it. */
const SAFE_FOR_ANY_OPERATION = new Set<StoreErrorCode>(['NOT_SENT', 'RATE_LIMITED']);
/** Codes where the request may have been applied: retry only what is idempotent. */
const SAFE_IF_IDEMPOTENT = new Set<StoreErrorCode>(['SERVER_ERROR', 'AMBIGUOUS']);

/** create_product returns no id and is not idempotent; every other operation is. */
export function isIdempotent(operation: StoreOperation): boolean {
  return operation !== 'create_product';
}

/**
 * Whether a failure may be retried. REJECTED, SAME_STATUS, INVALID_CREDENTIALS, BAD_RESPONSE and
 * ACCESS_DENIED never are here (ACCESS_DENIED gets its one re-login elsewhere).
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
  const base = options.baseMs ?? 250;
  const cap = options.capMs ?? 10_000;
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
