/**
 * The one HTTP server a sandbox runs, whether it serves one store (start.ts) or many under
 * `/s/<n>/` (stores.ts): node:http on 127.0.0.1 (or `host`), its keep-alive, the timers its stores'
 * sleeps use (close() cancels them) and one event-loop monitor, the loop being the process's one.
 * The server owns these; each store (store.ts) owns its own data and nothing that runs.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import { readBody, send, storeError } from './http.ts';
import { checkKeepAlive } from './options.ts';
import { CONTROL_PREFIX, handleControl, type ControlTarget } from './routes/control.ts';
import { handleStoreRequest, pathOf } from './server.ts';
import type { SandboxStore, StoreServer } from './store.ts';
import { CancellableTimers } from './timers.ts';
import type { KeepAlive } from './types.ts';

export interface HostOptions {
  host?: string;
  port?: number;
  keepAlive?: KeepAlive;
}

export interface SandboxHost {
  /** Where the server answers: `http://127.0.0.1:<port>`. */
  url: string;
  /** What its stores share (store.ts openStore). */
  shared: StoreServer;
  /** Stops it once, however often asked: its timers, its server and every connection. */
  close: () => Promise<void>;
}

/** Listens (port 0: any free one) and hands every request to `route`; a route's bug answers 500. */
export async function hostSandbox(
  options: HostOptions,
  route: (req: IncomingMessage, res: ServerResponse) => Promise<void>,
): Promise<SandboxHost> {
  let keepAlive = checkKeepAlive(options.keepAlive ?? { timeoutMs: 30_000 });
  const host = options.host ?? '127.0.0.1';
  const server = createServer((req, res) => {
    // A Connection header of our own keeps Node from adding its `Keep-Alive: timeout=N`.
    if (keepAlive.announce === false) res.setHeader('connection', 'keep-alive');
    route(req, res).catch((error: unknown) => {
      // A bug in the sandbox: answer 500 rather than leave the client hanging.
      if (!res.headersSent && !res.destroyed)
        send(res, storeError(500, error instanceof Error ? error.message : 'Internal Server Error'));
    });
  });
  server.keepAliveTimeout = keepAlive.timeoutMs;
  const url = await listen(server, options.port ?? 0, host);
  // How late this process ran its own timers: a request is stamped when the loop reaches it, so
  // a stall here moves stamps (and can bunch them into one window) whatever the client did.
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  const timers = new CancellableTimers();
  const shared: StoreServer = {
    timers,
    loopDelay: () => ({ maxMs: loop.max / 1e6, p99Ms: loop.percentile(99) / 1e6 }),
    resetLoopDelay: () => loop.reset(),
    setKeepAlive: (next) => {
      keepAlive = checkKeepAlive(next);
      server.keepAliveTimeout = keepAlive.timeoutMs;
    },
  };
  return { url, shared, close: closer(server, loop, timers) };
}

/** A request to one store: its control API (/__sandbox/...) or the store API. */
export function serveStore(store: SandboxStore, req: IncomingMessage, res: ServerResponse): Promise<void> {
  return pathOf(req.url).startsWith(CONTROL_PREFIX)
    ? handleControlRequest(store.control, req, res)
    : handleStoreRequest(store.deps, req, res);
}

async function handleControlRequest(target: ControlTarget, req: IncomingMessage, res: ServerResponse): Promise<void> {
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

/** The address a client on this machine uses: loopback for a wildcard bind, brackets for IPv6. */
function urlHost(host: string): string {
  if (host === '0.0.0.0' || host === '::') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}

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
