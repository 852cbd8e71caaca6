/**
 * The sandbox store in a process of its own (`catalog-sync sandbox`, the built CLI), for tests
 * whose judge is the store's request log under load: the sandbox stamps a request when its event
 * loop reaches it, and in the test's own process that loop also runs vitest, the enqueuer and
 * Redis polling, so a stall there bunches stamps into a window no worker sent them in.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { setPriority } from 'node:os';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../../src/sandbox/index.ts';

const BIN = fileURLToPath(new URL('../../bin/catalog-sync.js', import.meta.url));

export interface ChildSandbox {
  url: string;
  email: string;
  password: string;
  /** The request log: each request's path and when the store's loop reached it (ms epoch). */
  requests(): Promise<{ path: string; at: number }[]>;
  /** The barcodes of the products the store holds, one per product, sorted. */
  barcodes(): Promise<string[]>;
  /** How late the store's event loop ran, at most and at p99, since it started. */
  loopDelay(): Promise<{ maxMs: number; p99Ms: number }>;
  /** A control request (`POST /__sandbox/<path>`, docs/sandbox.md); throws when refused. */
  post(path: string, body: unknown): Promise<void>;
  stop(): Promise<void>;
}

/**
 * `priority`: the store's process runs at this nice value (lower is sooner; the default -10 takes
 * root, which CI has; elsewhere it stays at the default), so on a busy machine the store stamps
 * requests when they arrive, not when it next gets a core.
 */
export async function startChildSandbox(
  args: readonly string[] = [],
  options: { priority?: number } = {},
): Promise<ChildSandbox> {
  const child = spawn(process.execPath, [BIN, 'sandbox', '--port', '0', ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (child.pid !== undefined) {
    try {
      setPriority(child.pid, options.priority ?? -10);
    } catch {
      // not allowed here (not root): the default priority
    }
  }
  const exited = once(child, 'exit');
  const control = async <T>(path: string): Promise<T> => {
    const response = await fetch(`${url}/__sandbox/${path}`);
    return (await response.json()) as T;
  };
  let url = '';
  for await (const line of createInterface({ input: child.stdout })) {
    const match = /listening on (http:\/\/\S+)/.exec(line);
    if (match) {
      url = match[1]!;
      break;
    }
  }
  if (!url) throw new Error('the sandbox process exited before printing its URL');
  child.stdout.resume();
  return {
    url,
    email: DEMO_EMAIL,
    password: DEMO_PASSWORD,
    requests: async () => (await control<{ requests: { path: string; at: number }[] }>('requests')).requests,
    barcodes: async () =>
      (await control<{ products: { fields: Record<string, unknown> }[] }>('products')).products
        .map((p) => String(p.fields.barcode))
        .sort(),
    loopDelay: async () => (await control<{ loopDelay: { maxMs: number; p99Ms: number } }>('stats')).loopDelay,
    async post(path, body) {
      const response = await fetch(`${url}/__sandbox/${path}`, {
        method: 'POST',
        body: JSON.stringify(body),
        headers: { 'content-type': 'application/json' },
      });
      if (!response.ok) throw new Error(`POST /__sandbox/${path}: ${response.status} ${await response.text()}`);
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
