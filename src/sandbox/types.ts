/**
 * The sandbox store's public shapes (documented in docs/sandbox.md). Tests
 * and benches code against these; change them only additively.
 */

export interface RateLimit {
  /** Most requests accepted in any sliding window; the next one gets 429 + Retry-After. */
  max: number;
  /** Window length, default 1000 ms. */
  windowMs?: number;
}

/** How long the store keeps a connection open with no request on it, as real servers do. */
export interface KeepAlive {
  /** Closes a connection idle this long (Node's servers: 5000; load balancers: about 60000). */
  timeoutMs: number;
  /**
   * Say so in every answer (`Keep-Alive: timeout=<whole seconds>`, as Node's servers do), or not
   * (as many load balancers do not). @defaultValue true
   */
  announce?: boolean;
}

export interface SandboxOptions {
  /** Accepted credentials (default the demo ones). */
  email?: string;
  password?: string;
  /** JWT lifetime, default 3600. */
  tokenTtlSeconds?: number;
  /** expires_in as Unix seconds ('absolute', default) or seconds to live ('duration'). */
  expiresInStyle?: 'absolute' | 'duration';
  /** Added before every /v1 response (default 0). */
  latencyMs?: number;
  rateLimit?: RateLimit;
  /** Overrides user_info.product_limit (default 1000000) and is enforced by create_product. */
  productLimit?: number;
  /**
   * Overrides the store's names in user_info (default `Sandbox Store` / `متجر التجربة`): a store
   * whose own name is Arabic is an Arabic store to the notifications.
   */
  storeName?: { store_name?: string; store_name_ar?: string };
  /** taxes answers 404 {message:"Not found."}. */
  noTaxes?: boolean;
  /**
   * What update_product and products_status answer (400) for a product_id the store does not have:
   * `not-found` (default) `Product not found`, or `access-denied` `Access denied`, as some live
   * stores do, the same words a refused token gets.
   */
  unknownProductAnswer?: 'not-found' | 'access-denied';
  /** Default 0 (any free port). */
  port?: number;
  /**
   * Interface to listen on, default 127.0.0.1. Only the CLI's --host changes it, for a sandbox in a
   * container whose port is published to the host; tests and benches always use loopback.
   */
  host?: string;
  /**
   * Keep each request's parsed JSON body in the request log (default true). Benches that send
   * 100k requests turn it off so the log stays small.
   */
  recordBodies?: boolean;
  /** How the store keeps idle connections open: see KeepAlive. @defaultValue 30 s, announced */
  keepAlive?: KeepAlive;
  /**
   * The clock (ms since the epoch) for token expiry, the rate limit and request times.
   * Default Date.now; tests pass a fake one to expire tokens without waiting.
   */
  clock?: () => number;
}

export type FaultKind =
  | 'status500'
  | 'status502'
  | 'status503' // reply 5xx WITHOUT applying the write
  | 'status500AfterApply' // apply the write, then reply 500
  | 'status429' // reply 429 + Retry-After (retryAfterSeconds, default 1)
  | 'resetBeforeApply' // destroy the socket before applying (nothing happened)
  | 'resetAfterApply' // apply the write, then destroy the socket (no response)
  | 'delayAfterApply' // apply, then wait delayMs before replying (client timeouts)
  | 'hugeAnswerAfterApply' // apply, then stream an answer of answerBytes (default 100 MiB) with answerStatus
  | 'expireToken'; // treat the presented token as expired -> 400 Access denied

export const FAULT_KINDS: readonly FaultKind[] = [
  'status500',
  'status502',
  'status503',
  'status500AfterApply',
  'status429',
  'resetBeforeApply',
  'resetAfterApply',
  'delayAfterApply',
  'hugeAnswerAfterApply',
  'expireToken',
];

export interface FaultRule {
  kind: FaultKind;
  /** e.g. '/v1/create_product'; default: any /v1 path except /v1/authorization. */
  path?: string;
  /** How many matching requests it hits (default 1); Infinity allowed. */
  times?: number;
  /** For status429. */
  retryAfterSeconds?: number;
  /** For delayAfterApply. */
  delayMs?: number;
  /** For hugeAnswerAfterApply: the body's size in bytes, streamed (never held whole). @defaultValue 100 MiB */
  answerBytes?: number;
  /** For hugeAnswerAfterApply: the answer's HTTP status. @defaultValue 200 */
  answerStatus?: number;
}

export interface SandboxRequestRecord {
  /** ms since the epoch when received. */
  at: number;
  method: string;
  path: string;
  /** Status sent (0 when the socket was destroyed, or while the request is still in progress). */
  status: number;
  fault?: FaultKind;
  /** Parsed JSON body, with `password` replaced by '[redacted]' (only with recordBodies). */
  body?: unknown;
  /** The body exactly as received, as UTF-8 text (only with recordBodies, never for a body with a password). */
  bodyText?: string;
  /** How the request carried its token: `bare` (`Authorization-Jwt: <token>`) or `jwt` (`Jwt <token>`). */
  tokenForm?: 'bare' | 'jwt';
}

export interface SandboxProduct {
  /** Assigned by the sandbox: 1001, 1002, ... */
  product_id: number;
  /** 1 after create. */
  product_status: number;
  /** Last-written fields (create + merged updates). */
  fields: Record<string, unknown>;
  createdAt: number;
  updatedAt: number;
}

export interface SandboxBrand {
  brand_id: number;
  brand_name: string;
  brand_name_ar: string;
}

export interface SandboxCategory {
  category_id: number;
  category_name: string;
  category_name_ar: string;
}

export interface SandboxHandle {
  /** Base URL, e.g. http://127.0.0.1:41234 (append /v1/...). */
  url: string;
  email: string;
  password: string;
  products(): SandboxProduct[];
  product(id: number): SandboxProduct | undefined;
  brands(): SandboxBrand[];
  categories(): SandboxCategory[];
  /** Puts a product in the store without a request (for update/status tests). */
  seedProduct(fields: Record<string, unknown>, status?: number): SandboxProduct;
  /** Queues a fault. */
  inject(rule: FaultRule): void;
  clearFaults(): void;
  /** Uses left over all queued fault rules (Infinity when one is unlimited): 0 once all were hit. */
  pendingFaults(): number;
  setRateLimit(limit: RateLimit | null): void;
  setLatency(ms: number): void;
  /** From now on, for connections that become idle. */
  setKeepAlive(keepAlive: KeepAlive): void;
  /** Makes every token issued so far invalid (answers 400 Access denied), as if all expired. */
  expireTokens(): void;
  /** The log, oldest first. */
  requests(): SandboxRequestRecord[];
  requestCount(path?: string): number;
  /** Most requests received in any sliding window (default 1000 ms), all paths, logins and 429s included. */
  maxRequestsInWindow(windowMs?: number): number;
  /**
   * How late this process's event loop ran since the last resetStats, in ms: the most and the
   * 99th percentile. Requests are stamped when the loop reaches them, so a stall moves stamps.
   */
  loopDelay(): { maxMs: number; p99Ms: number };
  resetStats(): void;
  close(): Promise<void>;
}
