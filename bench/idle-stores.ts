/**
 * Idle stores cost nothing (issue 41): ONE `catalog-sync worker` serves 500 stores of a stores file,
 * none with a batch, and is watched doing nothing. The stores are one `catalog-sync sandbox --stores
 * 500` process (its written stores file is the worker's); the worker has a Redis server of its own
 * (started here on a free port), so its connections are counted exactly and a shared Redis is
 * never loaded with them.
 *
 * Figures: the worker's CPU over a quiet window once every store has started (goal < 2% of a
 * core), its RSS, the Redis commands it sends at rest and its connections, and the sandbox
 * process's CPU over the same window (its idle stores own no timer).
 *
 *   npx tsx bench/idle-stores.ts [--stores 500] [--seconds 60]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { PrintedFigures } from './results-section.ts';
import { fmt, stopChild } from './sync-support.ts';
import { cpuSeconds, rssMb, startWorker } from './worker-process.ts';

const arg = (name: string, fallback: number): number => {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? Number(process.argv[at + 1]) : fallback;
};
const STORES = arg('stores', 500);
const SECONDS = arg('seconds', 60);
/** After the last store started: what start-up left running (logins, first reads) settles first. */
const SETTLE_SECONDS = 15;

const figures = new PrintedFigures(
  'idle-stores',
  `ONE \`catalog-sync worker\` serves ${STORES} stores of a stores file (\`catalog-sync sandbox --stores ${STORES}\`, one process, wrote it), none with a batch; the worker on a Redis server of its own. After every store started and ${SETTLE_SECONDS} s to settle, the worker's CPU over ${SECONDS} s from /proc (goal < 2% of a core), its RSS, the Redis commands it sends at rest (INFO stats of its own server: a figure the machine's load does not blur) and its connections (CLIENT LIST), and the sandbox process's CPU over the same window.`,
);

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  server.close();
  await once(server, 'close');
  return port;
}

async function startRedis(dir: string): Promise<{ child: ChildProcess; url: string; port: number }> {
  const port = await freePort();
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  const url = `redis://127.0.0.1:${port}`;
  for (let tries = 0; ; tries++) {
    const redis = new Redis(url, { lazyConnect: true, retryStrategy: () => null });
    redis.on('error', () => undefined);
    try {
      await redis.connect();
      await redis.ping();
      return { child, url, port };
    } catch (error) {
      if (tries > 100) throw error;
      await sleep(50);
    } finally {
      redis.disconnect();
    }
  }
}

async function startSandboxStores(storesFile: string): Promise<{ child: ChildProcess; password: string }> {
  const child = spawn(
    process.execPath,
    ['bin/catalog-sync.js', 'sandbox', '--stores', String(STORES), '--stores-file-out', storesFile],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let password = '';
  for await (const line of createInterface({ input: child.stdout })) {
    password = /password: (\S+)/.exec(line)?.[1] ?? password;
    if (line.includes('Ctrl-C')) return { child, password };
  }
  throw new Error('the sandbox exited before it was ready');
}

/** Commands the Redis server has run so far (INFO stats): the worker's is its only client. */
async function commandsRun(url: string): Promise<number> {
  const redis = new Redis(url);
  try {
    return Number(/total_commands_processed:(\d+)/.exec(await redis.info('stats'))![1]);
  } finally {
    redis.disconnect();
  }
}

async function clients(url: string): Promise<number> {
  const redis = new Redis(url);
  try {
    // Less this connection of ours.
    return (
      String(await redis.client('LIST'))
        .trim()
        .split('\n').length - 1
    );
  } finally {
    redis.disconnect();
  }
}

const dir = await mkdtemp(join(tmpdir(), 'bench-idle-stores-'));
const redis = await startRedis(dir);
const storesFile = join(dir, 'stores.yaml');
const sandbox = await startSandboxStores(storesFile);
let worker: ChildProcess | undefined;
try {
  const startedAt = performance.now();
  worker = await startWorker(STORES, {
    STORES_FILE: storesFile,
    SANDBOX_PASSWORD: sandbox.password,
    REDIS_URL: redis.url,
    QUEUE_PREFIX: 'bench-idle',
    REPORT_DIR: join(dir, 'reports'),
    JOBS_DIR: join(dir, 'no-jobs'),
    DROP_DIR: join(dir, 'drop'),
  });
  const startSeconds = (performance.now() - startedAt) / 1000;
  await sleep(SETTLE_SECONDS * 1000);
  const [workerBefore, sandboxBefore] = [await cpuSeconds(worker.pid!), await cpuSeconds(sandbox.child.pid!)];
  const commandsBefore = await commandsRun(redis.url);
  const t0 = performance.now();
  await sleep(SECONDS * 1000);
  const wall = (performance.now() - t0) / 1000;
  const workerCpu = (await cpuSeconds(worker.pid!)) - workerBefore;
  const sandboxCpu = (await cpuSeconds(sandbox.child.pid!)) - sandboxBefore;
  // Less the INFO call of ours that read it.
  const commands = (await commandsRun(redis.url)) - commandsBefore - 1;
  const rss = await rssMb(worker.pid!);
  const connections = await clients(redis.url);
  figures.print(
    [
      `${STORES} idle stores, one worker: all started in ${fmt(startSeconds, 1)} s`,
      `worker CPU: ${fmt(workerCpu, 2)} s over ${fmt(wall, 1)} s = ${fmt((workerCpu / wall) * 100, 2)}% of a core (goal < 2%)`,
      `worker RSS: ${fmt(rss.now)} MB now, ${fmt(rss.peak)} MB at most (start-up included)`,
      `worker Redis commands at rest: ${fmt(commands / wall)} per second (${fmt(commands / wall / STORES, 3)} per store)`,
      `worker Redis connections: ${connections} (${fmt(connections / STORES, 1)} per store)`,
      `the sandbox process (${STORES} stores): ${fmt(sandboxCpu, 2)} s CPU over the same window = ${fmt((sandboxCpu / wall) * 100, 2)}% of a core`,
    ].join('\n'),
  );
  await figures.write();
} finally {
  if (worker) await stopChild(worker);
  await stopChild(sandbox.child);
  redis.child.kill('SIGKILL');
  await once(redis.child, 'exit');
  await rm(dir, { recursive: true, force: true });
}
