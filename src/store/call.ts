/**
 * One store call with everything around the HTTP exchange: the token, the rate gate,
 * classification, the single re-login after `Access denied`, and the retry policy (retry.ts).
 * Requests in flight are capped by the caller (the sync engine's request slots, passed in as
 * `requestSlot`), not here.
 */
import type { Logger } from '../log.ts';
import type { TokenCache } from './auth.ts';
import { classifyHttp, type HttpFailure } from './classify.ts';
import { StoreError, type StoreErrorCode, type StoreOperation } from './errors.ts';
import type { HttpMethod, HttpOutcome, HttpTransport } from './http.ts';
import type { RequestSlot } from './types.ts';
import type { RateGate } from './rate-gate/gate.ts';
import { nextRetryDelay, retryDelayMs, type BackoffOptions } from './retry.ts';

export interface CallSpec {
  operation: StoreOperation;
  method: HttpMethod;
  path: string;
  json?: unknown;
  /** Whether the call carries the access token (all but authorization). */
  authenticated: boolean;
  /**
   * Runs once, when the call's first request has its rate-gate slot and token and is about to
   * leave (not before a retry). A create is marked in flight here, not while it waits for the gate
   * or a login: a process stopped before this point never sent it. If it throws, nothing is sent
   * and the error is the call's.
   */
  beforeSend?: () => Promise<void>;
  /** Each HTTP exchange runs in it (store/types.ts WriteOptions). */
  requestSlot?: RequestSlot;
  /** A non-2xx answer that is nevertheless a result (taxes' 404 `{message}`). */
  acceptAnswer?: (status: number, body: unknown) => boolean;
}

export interface CallAnswer {
  status: number;
  /** Parsed JSON; undefined when the body was empty or not JSON. */
  body: unknown;
  /** The body was empty (no bytes but white space). */
  empty: boolean;
  attempts: number;
}

export interface CallerDeps {
  http: HttpTransport;
  gate: RateGate;
  tokens: () => TokenCache;
  logger: Logger;
  now: () => number;
  random: () => number;
  sleep: (ms: number) => Promise<void>;
  maxAttempts: number;
  maxRetryAfterMs: number;
  backoff: BackoffOptions;
}

interface Failure extends Partial<HttpFailure> {
  code: StoreErrorCode;
  httpStatus?: number;
  /** Transport detail such as ECONNRESET or "timeout (response)". */
  detail?: string;
  /** The answer was larger than this many bytes and was not read. */
  oversizedLimit?: number;
}

/** Store messages are echoed in errors; keep them to a readable length. */
function shortMessage(message: string | undefined): string | undefined {
  return message === undefined || message.length <= 300 ? message : `${message.slice(0, 297)}...`;
}

function describe(failure: Failure): string {
  if (failure.oversizedLimit !== undefined) {
    const status = failure.httpStatus === undefined ? '' : ` (HTTP ${failure.httpStatus})`;
    return `the store's answer${status} was larger than ${formatBytes(failure.oversizedLimit)} and was not read (STORE_MAX_ANSWER_BYTES)`;
  }
  if (failure.httpStatus !== undefined) {
    const said = failure.apiMessage === undefined ? '' : ` "${shortMessage(failure.apiMessage)}"`;
    return `the store answered HTTP ${failure.httpStatus}${said}`;
  }
  return failure.code === 'NOT_SENT'
    ? `the request could not be sent (${failure.detail})`
    : `the connection failed after the request may have reached the store (${failure.detail})`;
}

function formatBytes(bytes: number): string {
  const mib = bytes / (1024 * 1024);
  return Number.isInteger(mib) ? `${mib} MiB` : `${bytes} bytes`;
}

export function storeErrorFrom(operation: StoreOperation, failure: Failure, attempts: number): StoreError {
  const tries = attempts === 1 ? '1 attempt' : `${attempts} attempts`;
  return new StoreError(failure.code, `${operation}: ${describe(failure)} [${failure.code}, ${tries}]`, {
    operation,
    httpStatus: failure.httpStatus,
    apiMessage: shortMessage(failure.apiMessage),
    retryAfterMs: failure.retryAfterMs,
    attempts,
  });
}

/**
 * The token for the call's next request. A login that fails leaves this request unwritten, so the
 * call fails LOGIN_FAILED, the login's own failure in its message: a create waiting for a login
 * that answered 5xx or timed out never reached the store and is safe to send again, which the
 * login's SERVER_ERROR or AMBIGUOUS would deny it. A refused login (INVALID_CREDENTIALS) and a
 * store out of reach (NOT_SENT) keep their codes: they already say the request was not sent, and
 * what to check.
 */
async function tokenFor(deps: CallerDeps, operation: StoreOperation, attempts: number): Promise<string> {
  try {
    return (await deps.tokens().valid()).token;
  } catch (error) {
    if (!(error instanceof StoreError) || KEPT_LOGIN_CODES.has(error.code)) throw error;
    const tries = attempts === 0 ? '' : attempts === 1 ? ', 1 attempt' : `, ${attempts} attempts`;
    throw new StoreError(
      'LOGIN_FAILED',
      `${operation}: not sent, the store's login failed (${error.message}) [LOGIN_FAILED${tries}]`,
      { operation, attempts, cause: error },
    );
  }
}

const KEPT_LOGIN_CODES: ReadonlySet<StoreErrorCode> = new Set(['INVALID_CREDENTIALS', 'NOT_SENT']);

export async function performCall(deps: CallerDeps, spec: CallSpec): Promise<CallAnswer> {
  let attempts = 0;
  let reauthenticated = false;
  let staleSkipped = false;
  let announced = false;
  for (;;) {
    const token = spec.authenticated ? await tokenFor(deps, spec.operation, attempts) : undefined;
    // A token that came due for renewal while this call waited for the gate is not
    // sent: the call fetches a fresh one. Once per call, so a store whose tokens are due on
    // arrival cannot keep a call from ever sending (such a token is sent; a refusal re-logs in).
    const stale = () => token !== undefined && !staleSkipped && !deps.tokens().usable(token);
    const attempt = attempts + 1;
    const sendOnce = async (): Promise<HttpOutcome | 'stale'> => {
      if (stale()) return 'stale';
      let pass = await deps.gate.acquire();
      if (stale()) {
        pass.unused();
        return 'stale';
      }
      if (!announced && spec.beforeSend) {
        // Admitted, token in hand: the request leaves next. Throwing here sends nothing.
        announced = true;
        try {
          await spec.beforeSend();
        } catch (error) {
          pass.unused();
          throw error;
        }
      }
      const exchange = async (): Promise<HttpOutcome> => {
        // A pass held too long (a starved process, a slow beforeSend, a wait for a request slot)
        // or into a 429's pause is not used late: ask again.
        while (pass.expired()) {
          pass.unused();
          deps.logger.debug({ op: spec.operation, attempt }, 'rate gate pass expired before sending; asking again');
          pass = await deps.gate.acquire();
        }
        const admitted = pass;
        return deps.http.send(
          { operation: spec.operation, method: spec.method, path: spec.path, json: spec.json, token, attempt },
          () => admitted.sent(),
        );
      };
      return spec.requestSlot ? spec.requestSlot(exchange) : exchange();
    };
    const outcome = await sendOnce();
    if (outcome === 'stale') {
      staleSkipped = true;
      continue;
    }
    attempts = attempt;

    let failure: Failure;
    if (outcome.kind === 'transport') {
      failure = { code: outcome.code, detail: outcome.detail };
    } else if (outcome.kind === 'oversized') {
      // Never retried: the same store would send the same answer again (BAD_RESPONSE is final).
      failure = { code: 'BAD_RESPONSE', oversizedLimit: outcome.limitBytes, httpStatus: outcome.status };
    } else {
      const answer = { status: outcome.status, body: outcome.body, empty: outcome.empty, attempts };
      if (spec.acceptAnswer?.(outcome.status, outcome.body)) return answer;
      const classified = classifyHttp(spec.operation, outcome.status, outcome.body, outcome.retryAfter, deps.now());
      if (classified === undefined) return answer;
      failure = { ...classified, httpStatus: outcome.status };
    }

    if (failure.code === 'ACCESS_DENIED' && token !== undefined && !reauthenticated) {
      // The cached token was refused (expired or revoked early): one fresh login, one retry.
      reauthenticated = true;
      deps.tokens().invalidate(token);
      deps.logger.info({ op: spec.operation, attempt }, 'store denied the token; logging in again');
      continue;
    }
    if (failure.code === 'RATE_LIMITED') {
      // Slow every caller of the gate, not only this call.
      await deps.gate.pause(failure.retryAfterMs ?? retryDelayMs(attempts, {}, deps.random, deps.backoff));
    }
    const delay = nextRetryDelay(
      {
        code: failure.code,
        operation: spec.operation,
        retryAfterMs: failure.retryAfterMs,
        attempts,
        maxAttempts: deps.maxAttempts,
        maxRetryAfterMs: deps.maxRetryAfterMs,
      },
      deps.random,
      deps.backoff,
    );
    if (delay === undefined) throw storeErrorFrom(spec.operation, failure, attempts);
    deps.logger.info(
      { op: spec.operation, code: failure.code, status: failure.httpStatus, attempt, delayMs: delay },
      'store call failed; retrying',
    );
    await deps.sleep(delay);
  }
}
