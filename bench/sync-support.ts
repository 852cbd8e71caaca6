/** Helpers for bench/sync.ts: a sandbox in its own process, sheets, timing, child CLI processes. */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { Redis } from 'ioredis';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../src/sandbox/index.ts';
import type { CreateProductRequest } from '../src/store/types.ts';
import type { StoreIdentity } from '../src/store/identity.ts';
import { storePrefix } from '../src/sync/queue/keys.ts';

export interface ChildSandbox {
  url: string;
  /** Its process, e.g. to give it a higher priority than the processes it judges. */
  pid: number | undefined;
  control(method: string, path: string, body?: unknown): Promise<unknown>;
  stop(): Promise<void>;
}

/** The sandbox runs in its own process, as a real store would be elsewhere. */
export async function startChildSandbox(): Promise<ChildSandbox> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'sandbox', '--port', '0'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout });
  for await (const line of lines) {
    const match = /listening on (http:\/\/\S+)/.exec(line);
    if (!match) continue;
    const url = match[1]!;
    return {
      url,
      pid: child.pid,
      async control(method, path, body) {
        const response = await fetch(`${url}/__sandbox/${path}`, {
          method,
          ...(body === undefined
            ? {}
            : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
        });
        return response.json();
      },
      async stop() {
        child.kill('SIGTERM');
        await once(child, 'exit');
      },
    };
  }
  throw new Error('the sandbox child exited before printing its URL');
}

export const storeEnv = (url: string) => ({ STORE_URL: url, STORE_EMAIL: DEMO_EMAIL, STORE_PASSWORD: DEMO_PASSWORD });

/** The sandbox store at `url`, as the rows queued for it name it. */
export const storeAt = (url: string): StoreIdentity => ({ url, account: DEMO_EMAIL });

/**
 * Where `catalog-sync worker` started with QUEUE_PREFIX `prefix` takes the sandbox's rows from:
 * a bench that queues rows itself (enqueueSync) queues them there.
 */
export const workerPrefix = (prefix: string, url: string): string => storePrefix(prefix, storeAt(url));

export function payload(i: number): CreateProductRequest {
  return { title: `Item ${i}`, title_ar: `صنف رقم ${i}`, category: 2, sale_price: 10 + (i % 90), barcode: `BC${i}` };
}

/** A products CSV whose rows map to exactly payload(i), for i from `first`. */
export async function productSheet(rows: number, name = `products-${rows}.csv`, first = 0): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-sync-'));
  const file = join(dir, name);
  const lines = ['title,title_ar,category,sale_price,barcode'];
  for (let i = first; i < first + rows; i++) {
    const p = payload(i);
    lines.push(`${p.title},${p.title_ar},${p.category},${p.sale_price},${p.barcode}`);
  }
  await writeFile(file, `${lines.join('\n')}\n`);
  return file;
}

export async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = performance.now();
  const value = await fn();
  return { ms: performance.now() - start, value };
}

/** Starts `catalog-sync worker` and resolves once it says it started. */
export async function startCliWorker(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['bin/catalog-sync.js', 'worker', '--grace', '5'], {
    env: { ...process.env, LOG_LEVEL: 'silent', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const lines = createInterface({ input: child.stderr });
  for await (const line of lines) if (line.includes('worker started')) return child;
  throw new Error('worker exited before starting');
}

export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  await exited;
}

export const fmt = (n: number, digits = 0) => n.toFixed(digits);

/** Removes every Redis key under a bench's own prefix, so a run leaves nothing behind. */
export async function deletePrefix(redisUrl: string, prefix: string): Promise<void> {
  const redis = new Redis(redisUrl);
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
    cursor = next;
    if (keys.length) await redis.unlink(...keys);
  } while (cursor !== '0');
  await redis.quit();
}
