/**
 * How close the store client's rate gate gets to the configured rate, and that the store never
 * sees more than the rate in any 1000 ms. Bounded: 8 seconds of traffic per rate and variant.
 * The sandbox store runs in a child process, as a real store would be elsewhere (in-process, its
 * receive times would also carry this process's own event-loop delays).
 *
 *   npx tsx bench/store-rate-gate.ts [rates...]     (default: 20 100)
 *
 * Each rate runs twice: the default gate (a request counts from when it was written to the
 * socket) and, for comparison, one that counts from its release (awaitsSent: false).
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { DEMO_EMAIL, DEMO_PASSWORD, maxInWindow } from '../src/sandbox/index.ts';
import { createStoreClient } from '../src/store/client.ts';
import type { RateGate, RatePass } from '../src/store/rate-gate/gate.ts';
import { SlidingWindowGate } from '../src/store/rate-gate/memory.ts';
import { PrintedFigures } from './results-section.ts';

const figures = new PrintedFigures(
  'store-rate-gate',
  'The store client\'s in-process rate gate against the sandbox in its own process, concurrency 32: steady throughput as a share of the rate, and the most requests in any 1000 ms as the client sent them and as the store received them. Goal: never over the rate at the store. "count from release" is a comparison variant, not what the client does: a request counted from when the gate lets it go instead of when it is written to the socket, so one that leaves late counts in the wrong window, and the store can see more than the rate.',
);

/** Records when each request was sent (as the client reports it), forwarding everything. */
class RecordingGate implements RateGate {
  readonly sentAt: number[] = [];
  constructor(
    private readonly inner: SlidingWindowGate,
    private readonly awaitsSent: boolean,
  ) {}
  async acquire(): Promise<RatePass> {
    const pass = await this.inner.acquire();
    if (!this.awaitsSent) {
      this.sentAt.push(performance.now());
      return pass;
    }
    return {
      sent: () => {
        this.sentAt.push(performance.now());
        pass.sent();
      },
      unused: () => pass.unused(),
      expired: () => pass.expired(),
    };
  }
  pause(ms: number): Promise<void> {
    return this.inner.pause(ms);
  }
}

/** Requests per second once the first window is full: every further request waited for a slot. */
function steadyRate(times: number[], rate: number): number {
  return ((times.length - rate) / (times.at(-1)! - times[rate - 1]!)) * 1000;
}

const SECONDS = 8;

async function startChildSandbox(): Promise<{ url: string; stop: () => void }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'sandbox', '--port', '0'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout });
  for await (const line of lines) {
    const match = /listening on (http:\/\/\S+)/.exec(line);
    if (match) return { url: match[1]!, stop: () => child.kill('SIGTERM') };
  }
  throw new Error('the sandbox child exited before printing its URL');
}

async function control(url: string, method: string, path: string): Promise<unknown> {
  const response = await fetch(`${url}/__sandbox/${path}`, { method });
  return response.json();
}

async function measure(url: string, rate: number, awaitsSent: boolean): Promise<void> {
  const settings = {
    storeUrl: url,
    storeEmail: DEMO_EMAIL,
    storePassword: DEMO_PASSWORD,
    rate,
    concurrency: 32,
    categoriesMethod: 'POST' as const,
    requestTimeoutMs: 10_000,
    connectTimeoutMs: 2_000,
  };
  const gate = new RecordingGate(new SlidingWindowGate({ rate, awaitsSent }), awaitsSent);
  const client = createStoreClient(settings, { gate });
  try {
    await control(url, 'POST', 'reset-stats');
    const count = rate * SECONDS;
    await Promise.all(Array.from({ length: count }, () => client.listVouchers()));
    const { requests } = (await control(url, 'GET', 'requests')) as { requests: { at: number }[] };
    const times = requests.map((r) => r.at);
    const sent = gate.sentAt.slice(-times.length);
    const pct = (value: number) => `${((value / rate) * 100).toFixed(1)}%`;
    const storeMost = maxInWindow(times, 1000);
    figures.print(
      `${awaitsSent ? 'count from send   ' : 'count from release'} rate ${rate}/s, ${times.length} requests (login included)\n` +
        `  client side: steady ${pct(steadyRate(sent, rate))} of the rate, most sent in any 1000 ms ${maxInWindow(sent, 1000)}\n` +
        `  store side:  steady ${pct(steadyRate(times, rate))} of the rate, most received in any 1000 ms ${storeMost}` +
        `${storeMost > rate ? '  EXCEEDED' : ''}`,
    );
  } finally {
    client.close();
  }
}

const rates = process.argv
  .slice(2)
  .map(Number)
  .filter((n) => n > 0);
const sandbox = await startChildSandbox();
try {
  for (const rate of rates.length ? rates : [20, 100]) {
    await measure(sandbox.url, rate, true);
    await measure(sandbox.url, rate, false);
  }
  await figures.write();
} finally {
  sandbox.stop();
}
