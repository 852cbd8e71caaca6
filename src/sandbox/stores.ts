/**
 * A sandbox that serves many stores from one process and one port, each at its own prefix
 * (`<url>/s/<n>/v1/...`, its control API at `<url>/s/<n>/__sandbox/...`), with its own account
 * (`store-<n>@catalog-sync.test`), data, tokens, rate limit, latency and faults: an agency of
 * hundreds of stores on one machine, for benches and tests. A store is a few maps until a request
 * comes (store.ts): no timer per store, so idle stores cost nothing but memory.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { hostSandbox, serveStore } from './host.ts';
import { send, storeError } from './http.ts';
import { wholeOption } from './options.ts';
import { openStore, type SandboxStore } from './store.ts';
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
  const stores: SandboxStore[] = [];
  // One server for them all: its timers, keep-alive and loop monitor are the stores' shared ones.
  const { url, shared, close } = await hostSandbox(options, (req, res) => route(stores, req, res));
  try {
    for (let n = 1; n <= count; n++) {
      const storeName = { store_name: `Sandbox Store ${n}`, store_name_ar: `متجر التجربة ${n}` };
      stores.push(openStore(`${url}/s/${n}`, { ...options, email: storeEmail(n), storeName }, shared));
    }
  } catch (error) {
    // An option refused (a TypeError naming it): nothing is left listening.
    await close();
    throw error;
  }
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
  return serveStore(store, req, res);
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
