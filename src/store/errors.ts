/**
 * Every failure of a store call is a StoreError with a stable code. Callers branch on `code`,
 * never on message text. Messages never contain credentials or tokens.
 */
export type StoreErrorCode =
  /** 400 `Invalid Access!` from authorization: wrong e-mail or password. */
  | 'INVALID_CREDENTIALS'
  /** 400 `Access denied` that survived one fresh login and one retry. */
  | 'ACCESS_DENIED'
  /** 400 `Same product status`: the product already has that status. */
  | 'SAME_STATUS'
  /** Any other 4xx (validation, quota, unknown product...): the store said no. */
  | 'REJECTED'
  /** 429, after the retries the client allows. */
  | 'RATE_LIMITED'
  /** 5xx. For create_product the product may or may not exist. */
  | 'SERVER_ERROR'
  /** The request surely never reached the store: connection refused, DNS, connect timeout. */
  | 'NOT_SENT'
  /** The request may have reached the store: reset or timeout after it was sent. */
  | 'AMBIGUOUS'
  /** A response whose shape is not what the reference describes. */
  | 'BAD_RESPONSE'
  /**
   * The call's request was never written: the login it waited for failed (5xx, timeout, an answer
   * it could not read). Whatever the login met, the call itself is as safe to send again as NOT_SENT.
   */
  | 'LOGIN_FAILED'
  /**
   * 400 `Access denied` to a request naming an id (product_id, brand_id) that survived a fresh
   * login, while that login works (its token lists the categories): the store denies the id, not
   * the login, as some stores answer for a product that is not theirs.
   */
  | 'ID_DENIED';

export type StoreOperation =
  | 'authorize'
  | 'create_product'
  | 'update_product'
  | 'products_status'
  | 'categories'
  | 'brands'
  | 'taxes'
  | 'vouchers';

export interface StoreErrorDetails {
  operation: StoreOperation;
  httpStatus?: number | undefined;
  /** The API's own message (`messages.message`, or `message`), when there was one. */
  apiMessage?: string | undefined;
  /** From a Retry-After header, in milliseconds. */
  retryAfterMs?: number | undefined;
  /** HTTP attempts made, retries included. */
  attempts?: number | undefined;
  cause?: unknown;
}

export class StoreError extends Error {
  override readonly name = 'StoreError';
  readonly code: StoreErrorCode;
  readonly operation: StoreOperation;
  readonly httpStatus: number | undefined;
  readonly apiMessage: string | undefined;
  readonly retryAfterMs: number | undefined;
  attempts: number;

  constructor(code: StoreErrorCode, message: string, details: StoreErrorDetails) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.code = code;
    this.operation = details.operation;
    this.httpStatus = details.httpStatus;
    this.apiMessage = details.apiMessage;
    this.retryAfterMs = details.retryAfterMs;
    this.attempts = details.attempts ?? 1;
  }
}

export function isStoreError(error: unknown): error is StoreError {
  return error instanceof StoreError;
}
