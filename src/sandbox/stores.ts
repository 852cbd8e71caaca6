/**
 * A sandbox that serves many stores from one process and one port, each at its own prefix
 * (`<url>/s/<n>/v1/...`, its control API at `<url>/s/<n>/__sandbox/...`), with its own account
 * (`store-<n>@catalog-sync.test`), data, tokens, rate limit, latency and faults: an agency of
 * hundreds of stores on one machine, for benches and tests. A store is a few maps until a request
 * comes (store.ts): no timer per store, so idle stores cost nothing but memory.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { send, storeError } from './http.ts';
import { CONTROL_PREFIX } from './routes/control.ts';
import { handleStoreRequest } from './server.ts';
import { checkKeepAlive, handleControlRequest, urlHost, wholeOption } from './start.ts';
import { openStore, type SandboxStore } from './store.ts';
import { CancellableTimers } from './timers.ts';
import type { SandboxHandle, SandboxOptions } from './types.ts';

/** The options of every store (email aside: each store has its own), and how many stores. */
export interface SandboxStoresOptions extends Omit<SandboxOptions, 'email' | 'storeName'> {
  stores: number;
}

/** One store of the many: a SandboxHandle without close (the server closes them all); `id` `s<n>`. */
export type SandboxStoreHandle = Omit<SandboxHandle, 'close'> & { id: string };

export interface SandboxStoresHandle {
  /** The server's base URL; store n is at `<url>/s/<n>`. */
  url: string;
  /** Stores 1..N, in order. */
  stores: SandboxStoreHandle[];
  close(): Promise<void>;
}

/** Store n's account. */
export const storeEmail = (n: number): string => `store-${n}@catalog-sync.test`;

const STORE_PATH = /^\/s\/(\d+)(\/.*)?$/;

export async function startSandboxStores(options: SandboxStoresOptions): Promise<SandboxStoresHandle> {
  const count = wholeOption('stores', options.stores);
  if (count < 1) throw new TypeError('stores must be a whole number >= 1, got 0');
  const host = options.host ?? '127.0.0.1';
  const timers = new CancellableTimers();
  // One monitor for the process: the loop is the stores' one loop.
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  let keepAlive = checkKeepAlive(options.keepAlive ?? { timeoutMs: 30_000 });
  const shared = {
    timers,
    loopDelay: () => ({ maxMs: loop.max / 1e6, p99Ms: loop.percentile(99) / 1e6 }),
    resetLoopDelay: () => loop.reset(),
    setKeepAlive: (next: typeof keepAlive) => {
      keepAlive = checkKeepAlive(next);
      server.keepAliveTimeout = keepAlive.timeoutMs;
    },
  };
  const stores: SandboxStore[] = [];

  const server = createServer((req, res) => {
    if (keepAlive.announce === false) res.setHeader('connection', 'keep-alive');
    route(stores, req, res).catch((error: unknown) => {
      if (!res.headersSent && !res.destroyed)
        send(res, storeError(500, error instanceof Error ? error.message : 'Internal Server Error'));
    });
  });
  server.keepAliveTimeout = keepAlive.timeoutMs;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${urlHost(host)}:${port}`;
  for (let n = 1; n <= count; n++) {
    const storeName = { store_name: `Sandbox Store ${n}`, store_name_ar: `متجر التجربة ${n}` };
    stores.push(openStore(`${url}/s/${n}`, { ...options, email: storeEmail(n), storeName }, shared));
  }

  let closing: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closing ??= new Promise<void>((resolve) => {
      loop.disable();
      timers.cancelAll();
      server.close(() => resolve());
      server.closeAllConnections();
    });
    return closing;
  };
  return { url, stores: stores.map(({ control }, i) => ({ ...control, id: `s${i + 1}` })), close };
}

/** `/s/<n>/...` to store n, with the prefix taken off the URL its pipeline reads. */
async function route(stores: readonly SandboxStore[], req: IncomingMessage, res: ServerResponse): Promise<void> {
  const raw = req.url ?? '/';
  const q = raw.indexOf('?');
  const match = STORE_PATH.exec(q === -1 ? raw : raw.slice(0, q));
  const store = match ? stores[Number(match[1]) - 1] : undefined;
  if (!match || !store) return send(res, storeError(404, 'Not found'));
  req.url = `${match[2] ?? '/'}${q === -1 ? '' : raw.slice(q)}`;
  if (req.url.startsWith(CONTROL_PREFIX)) return handleControlRequest(store.control, req, res);
  return handleStoreRequest(store.deps, req, res);
}

/**
 * A stores file (src/stores-file.ts) for the deployment: every store by its id, URL and account,
 * its password from the environment variable `passwordEnv` (all share the sandbox's password; a
 * stores file never holds one), and `rate` at its limit when it has one.
 */
export function sandboxStoresFile(handle: SandboxStoresHandle, passwordEnv: string, rate?: number): string {
  const lines = ['stores:'];
  for (const store of handle.stores) {
    lines.push(`  - id: ${store.id}`, `    url: ${store.url}`, `    email: ${store.email}`);
    lines.push(`    password_env: ${passwordEnv}`);
    if (rate !== undefined) lines.push(`    rate: ${rate}`);
  }
  return `${lines.join('\n')}\n`;
}
