/**
 * How many requests per second the sandbox store answers on this machine, so benches of the
 * client and the sync engine know the sandbox is not their bottleneck. Bounded: N requests.
 *
 *   npx tsx bench/sandbox-throughput.ts [requests=20000] [concurrency=64]
 *
 * Prints the median req/s of a bare node:http server (the floor) and of the sandbox with and
 * without request bodies in its log, interleaved over 3 rounds because the machine is shared.
 */
import { Agent, createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startSandbox, type SandboxHandle } from '../src/sandbox/index.ts';
import { PrintedFigures } from './results-section.ts';

const figures = new PrintedFigures(
  'sandbox-throughput',
  'create_product requests over keep-alive node:http against the sandbox, and against a bare node:http server that parses the body and answers {}, rounds interleaved (medians): what the sandbox itself costs.',
);

const total = Number(process.argv[2] ?? 20_000);
const concurrency = Number(process.argv[3] ?? 64);
const agent = new Agent({ keepAlive: true, maxSockets: concurrency });

function post(sandbox: Pick<SandboxHandle, 'url'>, path: string, body: string, token?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
    };
    if (token) headers['authorization-jwt'] = token;
    const req = request(`${sandbox.url}${path}`, { method: 'POST', agent, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const body = JSON.stringify({
  title: 'Bench product',
  title_ar: 'منتج',
  category: 2,
  sale_price: 9.5,
  barcode: '6290000000000',
  description: 'x'.repeat(400),
});

/** Sends `total` create_product requests, `concurrency` at a time; returns req/s and failures. */
async function load(target: Pick<SandboxHandle, 'url'>, token?: string): Promise<{ rate: number; failures: number }> {
  let next = 0;
  let failures = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        next += 1;
        if ((await post(target, '/v1/create_product', body, token)) !== 200) failures += 1;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { rate: total / seconds, failures };
}

/** The floor: a bare node:http server that reads the JSON body and answers {}. */
async function baseline(): Promise<number> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      JSON.parse(Buffer.concat(chunks).toString('utf8'));
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': 2 });
      res.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { rate } = await load({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
  await new Promise((resolve) => server.close(resolve));
  return rate;
}

interface SandboxRun {
  rate: number;
  failures: number;
  products: number;
  maxInWindow: number;
  statsMs: number;
}

async function sandboxRun(recordBodies: boolean): Promise<SandboxRun> {
  const sandbox = await startSandbox({ recordBodies });
  const login = await fetch(`${sandbox.url}/v1/authorization`, {
    method: 'POST',
    body: JSON.stringify({ email: sandbox.email, password: sandbox.password }),
  });
  const { access_token: token } = (await login.json()) as { access_token: string };
  const { rate, failures } = await load(sandbox, token);
  const statsStarted = performance.now();
  const maxInWindow = sandbox.maxRequestsInWindow();
  const statsMs = performance.now() - statsStarted;
  const products = sandbox.products().length;
  await sandbox.close();
  return { rate, failures, products, maxInWindow, statsMs };
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

// The machine is shared: interleave the three servers over several rounds and compare medians.
const rounds = 3;
figures.print(
  `${rounds} rounds of ${total} create_product requests each, concurrency ${concurrency}, client and server in one process`,
);
const floors: number[] = [];
const runs: Record<'off' | 'on', SandboxRun[]> = { off: [], on: [] };
for (let round = 0; round < rounds; round += 1) {
  floors.push(await baseline());
  runs.off.push(await sandboxRun(false));
  runs.on.push(await sandboxRun(true));
}
const floor = median(floors);
figures.print(
  `baseline node:http answering {}: median ${Math.round(floor)} req/s (${floors.map(Math.round).join(', ')})`,
);
for (const [key, label] of [
  ['off', 'recordBodies=false'],
  ['on', 'recordBodies=true '],
] as const) {
  const list = runs[key];
  const rate = median(list.map((r) => r.rate));
  const last = list[list.length - 1];
  figures.print(
    `sandbox ${label}: median ${Math.round(rate)} req/s = ${(rate / floor).toFixed(2)}x baseline (${list.map((r) => Math.round(r.rate)).join(', ')}), ` +
      `failures ${list.reduce((n, r) => n + r.failures, 0)}, products ${last?.products}, ` +
      `maxRequestsInWindow over ${total} requests in ${median(list.map((r) => r.statsMs)).toFixed(1)} ms`,
  );
}
figures.print(`RSS ${Math.round(process.memoryUsage().rss / 2 ** 20)} MB`);
agent.destroy();
await figures.write();
