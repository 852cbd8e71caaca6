/**
 * Pure classification of what the store (or the network) answered into a StoreErrorCode.
 * No I/O, no clock: the current time is a parameter where Retry-After dates need it.
 */
import type { StoreErrorCode, StoreOperation } from './errors.ts';

export interface HttpFailure {
  code: StoreErrorCode;
  /** The API's own message, when the body had one. */
  apiMessage: string | undefined;
  /** From Retry-After, for 429 (and 503, where servers also send it). */
  retryAfterMs: number | undefined;
}

/** The store's message from either error body shape: `{messages: {message}}` or `{message}`. */
export function apiMessageOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const record = body as Record<string, unknown>;
  const messages = record.messages;
  if (typeof messages === 'object' && messages !== null) {
    const inner = (messages as Record<string, unknown>).message;
    if (typeof inner === 'string') return inner;
  }
  if (typeof messages === 'string') return messages;
  if (typeof record.message === 'string') return record.message;
  return undefined;
}

/** Compares store messages loosely: case, surrounding space and trailing punctuation ignored. */
function sameMessage(actual: string | undefined, expected: string): boolean {
  if (actual === undefined) return false;
  const norm = (text: string) =>
    text
      .trim()
      .replace(/[.!]+$/, '')
      .toLowerCase();
  return norm(actual) === norm(expected);
}

export const MESSAGES = {
  invalidCredentials: 'Invalid Access!',
  accessDenied: 'Access denied',
  sameStatus: 'Same product status',
} as const;

/**
 * Retry-After as milliseconds from `nowMs`: either delta-seconds or an HTTP date.
 * Undefined when absent or unreadable; never negative.
 */
export function parseRetryAfter(value: string | string[] | undefined, nowMs: number): number | undefined {
  const text = (Array.isArray(value) ? value[0] : value)?.trim();
  if (!text) return undefined;
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  const date = Date.parse(text);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - nowMs);
}

/**
 * Classifies a non-2xx HTTP answer. `body` is the parsed JSON (or undefined when the body was
 * not JSON). Returns undefined for 2xx: success bodies are the parser's business.
 */
export function classifyHttp(
  operation: StoreOperation,
  status: number,
  body: unknown,
  retryAfter: string | string[] | undefined,
  nowMs: number,
): HttpFailure | undefined {
  if (status >= 200 && status < 300) return undefined;
  const apiMessage = apiMessageOf(body);
  const failure = (code: StoreErrorCode, retryAfterMs?: number): HttpFailure => ({ code, apiMessage, retryAfterMs });
  if (status === 429) return failure('RATE_LIMITED', parseRetryAfter(retryAfter, nowMs));
  if (status >= 500) return failure('SERVER_ERROR', parseRetryAfter(retryAfter, nowMs));
  if (status >= 400) {
    if (operation === 'authorize' && sameMessage(apiMessage, MESSAGES.invalidCredentials))
      return failure('INVALID_CREDENTIALS');
    if (sameMessage(apiMessage, MESSAGES.accessDenied)) return failure('ACCESS_DENIED');
    if (operation === 'products_status' && sameMessage(apiMessage, MESSAGES.sameStatus)) return failure('SAME_STATUS');
    return failure('REJECTED');
  }
  // 1xx/3xx (redirects are not followed): not an answer the reference describes.
  return failure('BAD_RESPONSE');
}

export type TransportCode = Extract<StoreErrorCode, 'NOT_SENT' | 'AMBIGUOUS'>;

/** Error codes raised before any byte of the request can have left this machine. */
const NOT_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EAI_FAIL',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EADDRNOTAVAIL',
]);
/** Timeout phases (http.ts TransportTimeout) that end before the request is written. */
const NOT_SENT_TIMEOUT_EVENTS = new Set(['connect', 'secureConnect']);
/** System calls that fail before anything is sent. */
const NOT_SENT_SYSCALLS = new Set(['connect', 'getaddrinfo']);

interface ErrorFacts {
  name?: unknown;
  code?: unknown;
  event?: unknown;
  syscall?: unknown;
  cause?: unknown;
}

/**
 * Classifies a transport failure (no HTTP answer). NOT_SENT only when the request surely never
 * reached the store (refused, DNS, connect-phase timeouts); everything else, including unknown
 * errors, is AMBIGUOUS: the safe reading for a create that is not idempotent.
 */
export function classifyTransportError(error: unknown): TransportCode {
  const facts = (typeof error === 'object' && error !== null ? error : {}) as ErrorFacts;
  const cause = (typeof facts.cause === 'object' && facts.cause !== null ? facts.cause : {}) as ErrorFacts;
  if (facts.name === 'TimeoutError') {
    return typeof facts.event === 'string' && NOT_SENT_TIMEOUT_EVENTS.has(facts.event) ? 'NOT_SENT' : 'AMBIGUOUS';
  }
  for (const source of [facts, cause]) {
    if (typeof source.code === 'string' && NOT_SENT_CODES.has(source.code)) return 'NOT_SENT';
    if (typeof source.syscall === 'string' && NOT_SENT_SYSCALLS.has(source.syscall)) return 'NOT_SENT';
  }
  return 'AMBIGUOUS';
}

/** The error's network code (e.g. ECONNRESET) for messages and logs; never any request data. */
export function transportCodeOf(error: unknown): string {
  const facts = (typeof error === 'object' && error !== null ? error : {}) as ErrorFacts;
  if (facts.name === 'TimeoutError' && typeof facts.event === 'string') return `timeout (${facts.event})`;
  if (typeof facts.code === 'string') return facts.code;
  return typeof facts.name === 'string' ? facts.name : 'network error';
}
