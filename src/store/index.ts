/** The store API client's public surface. */
export {
  StoreClient,
  createStoreClient,
  storeClientFromConfig,
  type StoreClientOptions,
  type StoreClientSettings,
} from './client.ts';
export { windowFor, type RateGate, type RatePass } from './rate-gate/gate.ts';
export { SlidingWindowGate, type SlidingWindowGateOptions } from './rate-gate/memory.ts';
export { RedisRateGate, type RedisRateGateOptions } from './rate-gate/redis.ts';
export {
  classifyHttp,
  classifyTransportError,
  parseRetryAfter,
  apiMessageOf,
  type HttpFailure,
  type TransportCode,
} from './classify.ts';
export {
  isRetryable,
  isIdempotent,
  isCreateOutcomeUnknown,
  retryDelayMs,
  nextRetryDelay,
  RETRY_POLICY,
  type RetryPolicy,
  type BackoffOptions,
} from './retry.ts';
export { tokenExpiresAt, jwtExpiry, refreshAt, statedLifetimeMs } from './token.ts';
export { VENDOR_SECRET_FIELDS } from './parse.ts';
export { StoreError, isStoreError, type StoreErrorCode, type StoreOperation } from './errors.ts';
export type * from './types.ts';
