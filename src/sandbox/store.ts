/**
 * One store of a sandbox that serves many from one server (stores.ts): its own account, data,
 * tokens, faults, request log, rate limit and latency, and the control target its /__sandbox/
 * answers from. It owns no timer and no loop monitor, so an idle store costs its memory only; what
 * the server owns (its keep-alive, its event-loop figures, the sleeps close() cancels) comes in
 * `server`.
 */
import { FaultQueue } from './faults.ts';
import { ACCESS_DENIED } from './http.ts';
import { TokenIssuer } from './jwt.ts';
import { SlidingWindowLimiter } from './rate-limit.ts';
import type { ControlTarget } from './routes/control.ts';
import { vendorStore } from './seed.ts';
import type { PipelineDeps } from './server.ts';
import { DEFAULT_PRODUCT_LIMIT, DEMO_PASSWORD, checkLatency, wholeOption } from './options.ts';
import { SandboxState } from './state.ts';
import { RequestLog } from './stats.ts';
import type { CancellableTimers } from './timers.ts';
import type { KeepAlive, SandboxOptions, SandboxProduct } from './types.ts';

/** What every store of one server shares. */
export interface StoreServer {
  timers: CancellableTimers;
  loopDelay(): { maxMs: number; p99Ms: number };
  resetLoopDelay(): void;
  /** The server's: every store's connections share it. */
  setKeepAlive(keepAlive: KeepAlive): void;
}

export interface SandboxStore {
  deps: PipelineDeps;
  control: ControlTarget;
}

const copyProduct = (p: SandboxProduct): SandboxProduct => ({ ...p, fields: { ...p.fields } });

/** `url`: where the store answers (its prefix included); `options.email` is its account. */
export function openStore(url: string, options: SandboxOptions & { email: string }, server: StoreServer): SandboxStore {
  const clock = options.clock ?? Date.now;
  const { email } = options;
  const password = options.password ?? DEMO_PASSWORD;
  const tokenTtlSeconds = wholeOption('tokenTtlSeconds', options.tokenTtlSeconds ?? 3600);
  const productLimit = wholeOption('productLimit', options.productLimit ?? DEFAULT_PRODUCT_LIMIT);
  const state = new SandboxState(
    productLimit,
    clock,
    options.unknownProductAnswer === 'access-denied' ? ACCESS_DENIED : 'Product not found',
  );
  const faults = new FaultQueue();
  const log = new RequestLog(options.recordBodies ?? true);
  const tokens = new TokenIssuer(tokenTtlSeconds, clock, email);
  let latencyMs = checkLatency(options.latencyMs ?? 0);
  let limiter = options.rateLimit ? new SlidingWindowLimiter(options.rateLimit) : undefined;
  const deps: PipelineDeps = {
    store: {
      state,
      tokens,
      email,
      password,
      tokenTtlSeconds,
      expiresInStyle: options.expiresInStyle ?? 'absolute',
      userInfo: { ...vendorStore(email, productLimit), ...options.storeName },
      noTaxes: options.noTaxes ?? false,
    },
    faults,
    log,
    timers: server.timers,
    clock,
    latencyMs: () => latencyMs,
    limiter: () => limiter,
  };
  const control: ControlTarget = {
    url,
    email,
    password,
    products: () => Array.from(state.products(), copyProduct),
    product: (id) => {
      const p = state.product(id);
      return p && copyProduct(p);
    },
    brands: () => state.brands(),
    categories: () =>
      state
        .categories()
        .map(({ category_id, category_name, category_name_ar }) => ({ category_id, category_name, category_name_ar })),
    seedProduct: (fields, status) => copyProduct(state.seedProduct(fields, status)),
    inject: (rule) => faults.add(rule),
    clearFaults: () => faults.clear(),
    pendingFaults: () => faults.pending,
    setRateLimit: (limit) => {
      limiter = limit ? new SlidingWindowLimiter(limit) : undefined;
    },
    setLatency: (ms) => {
      latencyMs = checkLatency(ms);
    },
    setKeepAlive: (next) => server.setKeepAlive(next),
    expireTokens: () => tokens.revokeAll(),
    requests: () => log.all(),
    requestCount: (path) => log.count(path),
    maxRequestsInWindow: (windowMs) => log.maxInWindow(windowMs),
    requestsByPath: () => log.countByPath(),
    loopDelay: () => server.loopDelay(),
    resetStats: () => {
      log.reset();
      server.resetLoopDelay();
    },
  };
  return { deps, control };
}
