/**
 * The processes of bench/agency-cluster.ts: the sandbox stores (`catalog-sync sandbox --stores N`,
 * the built CLI, in a process of its own at nice -10 where allowed: its request log is the judge),
 * the `catalog-sync worker` processes with what their logs say of the stores they serve, and the
 * figures read off them (peak RSS from /proc, Redis connections from CLIENT LIST on each master).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { setPriority } from 'node:os';
import { createInterface } from 'node:readline';
import { Redis } from 'ioredis';

export interface AgencyStores {
  child: ChildProcess;
  /** The server's base URL; store n at `<url>/s/<n>`. */
  url: string;
}

/** `catalog-sync sandbox --stores n`, writing its stores file to `storesFile`. */
export async function startAgencyStores(
  n: number,
  options: { latencyMs: number; rate: number; storesFile: string },
): Promise<AgencyStores> {
  const args = ['bin/catalog-sync.js', 'sandbox', '--port', '0', '--stores', String(n)];
  args.push('--latency', String(options.latencyMs), '--rate-limit', String(options.rate));
  args.push('--stores-file-out', options.storesFile);
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    setPriority(child.pid!, -10);
  } catch {
    // not root: the default priority
  }
  for await (const line of createInterface({ input: child.stdout })) {
    const match = /listening on (http:\/\/\S+)/.exec(line);
    if (match) {
      child.stdout.resume();
      return { child, url: match[1]! };
    }
  }
  throw new Error('the sandbox stores exited before listening');
}

export interface StoreRequest {
  path: string;
  at: number;
  status: number;
}

export async function requestsOf(storeUrl: string): Promise<StoreRequest[]> {
  const response = await fetch(`${storeUrl}/__sandbox/requests`);
  return ((await response.json()) as { requests: StoreRequest[] }).requests;
}

export async function barcodesOf(storeUrl: string): Promise<string[]> {
  const response = await fetch(`${storeUrl}/__sandbox/products`);
  const { products } = (await response.json()) as { products: { fields: Record<string, unknown> }[] };
  return products.map((p) => String(p.fields.barcode));
}

/** One `catalog-sync worker` and the stores it says it serves (started for, minus moved away). */
export class AgencyWorker {
  readonly served = new Set<string>();
  /** When (ms epoch) each store was last started here. */
  readonly startedAt = new Map<string, number>();
  id = '';
  private readonly exited: Promise<unknown>;

  constructor(readonly child: ChildProcess) {
    this.exited = once(child, 'exit');
    const lines = createInterface({ input: child.stderr! });
    lines.on('line', (line) => this.read(line));
  }

  get pid(): number {
    return this.child.pid!;
  }

  get alive(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  private read(line: string): void {
    const as = /worker started as (\S+):/.exec(line);
    if (as) this.id = as[1]!;
    const started = /worker started for store (s\d+)/.exec(line);
    if (started) {
      this.served.add(started[1]!);
      this.startedAt.set(started[1]!, Date.now());
    }
    const moved = /store (s\d+) moved to worker/.exec(line);
    if (moved) this.served.delete(moved[1]!);
  }

  /** SIGKILL, as a machine lost: no goodbye, its heartbeat lapses. */
  async kill(): Promise<void> {
    this.child.kill('SIGKILL');
    await this.exited;
    this.served.clear();
  }

  async stop(): Promise<void> {
    if (!this.alive) return;
    this.child.kill('SIGTERM');
    await this.exited;
  }
}

export function startAgencyWorker(env: Record<string, string>): AgencyWorker {
  const child = spawn(process.execPath, ['bin/catalog-sync.js', 'worker', '--grace', '5'], {
    // info: the lines that say which store a worker starts and which moved away are the log's.
    env: { ...process.env, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  return new AgencyWorker(child);
}

/** Polls `check` until it holds (true) or `timeoutMs` passes (false): a bench phase is bounded. */
export async function reached(check: () => boolean | Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) return false;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return true;
}

/** Client connections on each master (CLIENT LIST), this reading connection left out. */
export async function connectionsOn(ports: readonly number[]): Promise<number[]> {
  return Promise.all(
    ports.map(async (port) => {
      const redis = new Redis({ port, host: '127.0.0.1', lazyConnect: true });
      try {
        await redis.connect();
        const list = (await redis.client('LIST')) as string;
        return list.trim().split('\n').length - 1;
      } finally {
        redis.disconnect();
      }
    }),
  );
}

/** The ports of the cluster's masters (CLUSTER SLOTS, asked of any node). */
export async function masterPorts(anyPort: number): Promise<number[]> {
  const redis = new Redis({ port: anyPort, host: '127.0.0.1', lazyConnect: true });
  try {
    await redis.connect();
    const slots = await redis.cluster('SLOTS');
    return [...new Set(slots.flatMap(([, , master]) => (master ? [master[1]] : [])))].sort((a, b) => a - b);
  } finally {
    redis.disconnect();
  }
}

/** Runs `fn` over `items`, at most `limit` at a time. */
export async function inBatches<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return results;
}
