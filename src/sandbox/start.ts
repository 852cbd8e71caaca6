/**
 * Starts a sandbox store: one node:http server on 127.0.0.1 serving the store API (/v1/...) and
 * the control API (/__sandbox/...), and the handle tests and benches drive it with.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import { FaultQueue } from './faults.ts';
import { ACCESS_DENIED, readBody, send, storeError } from './http.ts';
import { TokenIssuer } from './jwt.ts';
import { SlidingWindowLimiter } from './rate-limit.ts';
import { CONTROL_PREFIX, handleControl, type ControlTarget } from './routes/control.ts';
import { handleStoreRequest, pathOf, type PipelineDeps } from './server.ts';
import { vendorStore } from './seed.ts';
import { SandboxState } from './state.ts';
import { RequestLog } from './stats.ts';
import { CancellableTimers } from './timers.ts';
import type { KeepAlive, SandboxHandle, SandboxOptions, SandboxProduct } from './types.ts';

export const DEMO_EMAIL = 'demo@catalog-sync.test';
export const DEMO_PASSWORD = 'sandbox-demo-password';
export const DEFAULT_PRODUCT_LIMIT = 1_000_000;

const copyProduct = (p: SandboxProduct): SandboxProduct => ({ ...p, fields: { ...p.fields } });

export async function startSandbox(options: SandboxOptions = {}): Promise<SandboxHandle> {
  const clock = options.clock ?? Date.now;
  const email = options.email ?? DEMO_EMAIL;
  const password = options.password ?? DEMO_PASSWORD;
  const tokenTtlSeconds = wholeOption('tokenTtlSeconds', options.tokenTtlSeconds ?? 3600);
  const productLimit = wholeOption('productLimit', options.productLimit ?? DEFAULT_PRODUCT_LIMIT);
  const host = options.host ?? '127.0.0.1';
  const state = new SandboxState(
    productLimit,
    clock,
    options.unknownProductAnswer === 'access-denied' ? ACCESS_DENIED : 'Product not found',
  );
  const faults = new FaultQueue();
  const log = new RequestLog(options.recordBodies ?? true);
  const timers = new CancellableTimers();
  const tokens = new TokenIssuer(tokenTtlSeconds, clock, email);
  let latencyMs = checkLatency(options.latencyMs ?? 0);
  let limiter = options.rateLimit ? new SlidingWindowLimiter(options.rateLimit) : undefined;
  let keepAlive = checkKeepAlive(options.keepAlive ?? { timeoutMs: 30_000 });

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
    timers,
    clock,
    latencyMs: () => latencyMs,
    limiter: () => limiter,
  };

  // How late this process ran its own timers: a request is stamped when the loop reaches it, so
  // a stall here moves stamps (and can bunch them into one window) whatever the client did.
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  const control: ControlTarget = {
    url: '',
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
    setKeepAlive: (next) => {
      keepAlive = checkKeepAlive(next);
      server.keepAliveTimeout = keepAlive.timeoutMs;
    },
    expireTokens: () => tokens.revokeAll(),
    ...trafficOf(log, loop),
  };

  const server = createServer((req, res) => {
    // A Connection header of our own keeps Node from adding its `Keep-Alive: timeout=N`.
    if (keepAlive.announce === false) res.setHeader('connection', 'keep-alive');
    const handled = pathOf(req.url).startsWith(CONTROL_PREFIX)
      ? handleControlRequest(control, req, res)
      : handleStoreRequest(deps, req, res);
    handled.catch((error: unknown) => {
      // A bug in the sandbox: answer 500 rather than leave the client hanging.
      if (!res.headersSent && !res.destroyed)
        send(res, storeError(500, error instanceof Error ? error.message : 'Internal Server Error'));
    });
  });
  server.keepAliveTimeout = keepAlive.timeoutMs;
  const url = await listen(server, options.port ?? 0, host);
  const close = closer(server, loop, timers);

  const handle: SandboxHandle = { ...control, url, close };
  return handle;
}

export async function withSandbox<T>(options: SandboxOptions, fn: (sandbox: SandboxHandle) => Promise<T>): Promise<T> {
  const sandbox = await startSandbox(options);
  try {
    return await fn(sandbox);
  } finally {
    await sandbox.close();
  }
}

/** What tests read of the requests the sandbox served, and how late its own timers ran. */
function trafficOf(
  log: RequestLog,
  loop: IntervalHistogram,
): Pick<
  ControlTarget,
  'requests' | 'requestCount' | 'maxRequestsInWindow' | 'requestsByPath' | 'loopDelay' | 'resetStats'
> {
  return {
    requests: () => log.all(),
    requestCount: (path) => log.count(path),
    maxRequestsInWindow: (windowMs) => log.maxInWindow(windowMs),
    requestsByPath: () => log.countByPath(),
    loopDelay: () => ({ maxMs: loop.max / 1e6, p99Ms: loop.percentile(99) / 1e6 }),
    resetStats: () => {
      log.reset();
      loop.reset();
    },
  };
}

/** Listens on the port (0: any free one); answers the sandbox's URL. */
async function listen(server: Server, port: number, host: string): Promise<string> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  return `http://${urlHost(host)}:${address.port}`;
}

/** Stops the sandbox once, however often it is asked: its timers, its server and every connection. */
function closer(server: Server, loop: IntervalHistogram, timers: CancellableTimers): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => {
    closing ??= new Promise<void>((resolve) => {
      loop.disable();
      timers.cancelAll();
      server.close(() => resolve());
      server.closeAllConnections();
    });
    return closing;
  };
}

export async function handleControlRequest(
  target: ControlTarget,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const raw = await readBody(req);
  let body: unknown;
  try {
    body = raw && raw.length > 0 ? JSON.parse(raw.toString('utf8')) : undefined;
  } catch {
    return send(res, { status: 400, body: { status: false, message: 'body is not JSON' } });
  }
  send(res, handleControl(target, req.method ?? 'GET', url.pathname, url.searchParams, body));
}

/** The address a client on this machine uses: loopback for a wildcard bind, brackets for IPv6. */
export function urlHost(host: string): string {
  if (host === '0.0.0.0' || host === '::') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}

export function wholeOption(name: string, value: number): number {
  if (!Number.isInteger(value) || value < 0) throw new TypeError(`${name} must be a whole number >= 0, got ${value}`);
  return value;
}

export function checkKeepAlive(keepAlive: KeepAlive): KeepAlive {
  const { timeoutMs } = keepAlive;
  if (!Number.isInteger(timeoutMs) || timeoutMs < 1)
    throw new TypeError(`keepAlive.timeoutMs must be a whole number >= 1, got ${timeoutMs}`);
  return keepAlive;
}

export function checkLatency(ms: number): number {
  if (!(ms >= 0)) throw new TypeError(`latencyMs must be a number >= 0, got ${ms}`);
  return ms;
}
