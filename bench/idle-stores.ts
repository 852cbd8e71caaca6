/**
 * Idle stores cost nothing (issue 41): ONE `catalog-sync worker` serves 500 stores of a stores file,
 * none with a batch, and is watched doing nothing. The stores are one `catalog-sync sandbox --stores
 * 500` process (its written stores file is the worker's); the worker has a Redis server of its own
 * (started here on a free port), so its connections are counted exactly and a shared Redis is
 * never loaded with them.
 *
 * Figures: the worker's CPU over a quiet window once every store has started (goal < 2% of a
 * core), its RSS, the Redis commands it sends at rest and its connections by role (CLIENT LIST
 * names), and the sandbox process's CPU over the same window (its idle stores own no timer). The
 * machine is shared, so a baseline runs beside it over the same window: a second worker serving
 * the file's first store only, on a Redis of its own; the difference per store is what each idle
 * store costs.
 *
 *   npx tsx bench/idle-stores.ts [--stores 500] [--seconds 60]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { PrintedFigures } from './results-section.ts';
import { fmt, stopChild } from './sync-support.ts';
import { cpuSeconds, rssMb, startWorker } from './worker-process.ts';
import { numberArg } from './args.ts';

const STORES = numberArg('stores', 500);
const SECONDS = numberArg('seconds', 60);
/** After the last store started: what start-up left running (logins, first reads) settles first. */
const SETTLE_SECONDS = 15;

const figures = new PrintedFigures(
  'idle-stores',
  `ONE \`catalog-sync worker\` serves ${STORES} stores of a stores file (\`catalog-sync sandbox --stores ${STORES}\`, one process, wrote it), none with a batch; the worker on a Redis server of its own. After every store started and ${SETTLE_SECONDS} s to settle, the worker's CPU over ${SECONDS} s from /proc (goal < 2% of a core), its RSS, the Redis commands it sends at rest (INFO stats of its own server: a figure the machine's load does not blur) and its connections by role (CLIENT LIST names), and the sandbox process's CPU over the same window. A baseline worker serving the file's first store only, on a Redis of its own, runs over the same window: the machine is shared, so what one more idle store costs is (worker - baseline) / ${STORES - 1}.`,
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

/** Calls per command so far (INFO commandstats; a script is its EVALSHA or EVAL). */
async function commandStats(url: string): Promise<Map<string, number>> {
  const redis = new Redis(url);
  try {
    const stats = new Map<string, number>();
    for (const [, name, calls] of (await redis.info('commandstats')).matchAll(/cmdstat_(\S+?):calls=(\d+)/g))
      stats.set(name!, Number(calls));
    return stats;
  } finally {
    redis.disconnect();
  }
}

/** The commands run most between two commandstats, per second. */
function topCommands(before: Map<string, number>, after: Map<string, number>, seconds: number): string {
  return [...after]
    .map(([name, calls]) => [name, (calls - (before.get(name) ?? 0)) / seconds] as const)
    .filter(([name, rate]) => rate > 0 && name !== 'info')
    .sort((a, b) => b[1] - a[1])
    .slice(0, 6)
    .map(([name, rate]) => `${name} ${fmt(rate, 1)}/s`)
    .join(', ');
}

/** The connections of the server's clients by name, less this one of ours (unnamed). */
async function clients(url: string): Promise<Map<string, number>> {
  const redis = new Redis(url);
  try {
    const roles = new Map<string, number>();
    for (const line of String(await redis.client('LIST'))
      .trim()
      .split('\n')) {
      const name = /(?:^| )name=(\S*)/.exec(line)?.[1] ?? '';
      if (name === '') continue;
      // catalog-sync:<role>:<pid>, or BullMQ's <prefix>:<base64 of the queue> (a blocking read).
      const role = name.startsWith('catalog-sync:')
        ? name.replace(/:\d+$/, '')
        : `blocking read (${Buffer.from(name.slice(name.lastIndexOf(':') + 1), 'base64').toString()})`;
      roles.set(role, (roles.get(role) ?? 0) + 1);
    }
    return roles;
  } finally {
    redis.disconnect();
  }
}

/** The first store's entry of a stores file (its lines up to the next entry): the baseline's file. */
async function firstStoreOnly(file: string, out: string): Promise<void> {
  const lines = (await readFile(file, 'utf8')).split('\n');
  const entries = lines.flatMap((line, i) => (line.trimStart().startsWith('- ') ? [i] : []));
  await writeFile(out, [...lines.slice(0, entries[1] ?? lines.length), ''].join('\n'));
}

const dir = await mkdtemp(join(tmpdir(), 'bench-idle-stores-'));
const redis = await startRedis(dir);
const baseRedis = await startRedis(dir);
const storesFile = join(dir, 'stores.yaml');
const baseFile = join(dir, 'baseline.yaml');
const sandbox = await startSandboxStores(storesFile);
await firstStoreOnly(storesFile, baseFile);
const workers: ChildProcess[] = [];
const envOf = (file: string, url: string): Record<string, string> => ({
  STORES_FILE: file,
  SANDBOX_PASSWORD: sandbox.password,
  REDIS_URL: url,
  QUEUE_PREFIX: 'bench-idle',
  REPORT_DIR: join(dir, 'reports'),
  JOBS_DIR: join(dir, 'no-jobs'),
  DROP_DIR: join(dir, 'drop'),
});
try {
  const startedAt = performance.now();
  const worker = await startWorker(STORES, envOf(storesFile, redis.url));
  workers.push(worker);
  const startSeconds = (performance.now() - startedAt) / 1000;
  const baseline = await startWorker(1, envOf(baseFile, baseRedis.url));
  workers.push(baseline);
  await sleep(SETTLE_SECONDS * 1000);
  const pids = [worker.pid!, baseline.pid!, sandbox.child.pid!];
  const before = await Promise.all(pids.map(cpuSeconds));
  const commandsBefore = await Promise.all([redis.url, baseRedis.url].map(commandsRun));
  const statsBefore = await commandStats(redis.url);
  const t0 = performance.now();
  await sleep(SECONDS * 1000);
  const wall = (performance.now() - t0) / 1000;
  const [workerCpu, baseCpu, sandboxCpu] = (await Promise.all(pids.map(cpuSeconds))).map((cpu, i) => cpu - before[i]!);
  // Less the INFO call of ours that read it.
  const [commands, baseCommands] = (await Promise.all([redis.url, baseRedis.url].map(commandsRun))).map(
    (n, i) => n - commandsBefore[i]! - 1,
  );
  const statsAfter = await commandStats(redis.url);
  const rss = await rssMb(worker.pid!);
  const roles = await clients(redis.url);
  const connections = [...roles.values()].reduce((a, b) => a + b, 0);
  const perStore = (workerCpu! - baseCpu!) / (STORES - 1);
  figures.print(
    [
      `${STORES} idle stores, one worker: all started in ${fmt(startSeconds, 1)} s`,
      `worker CPU: ${fmt(workerCpu!, 2)} s over ${fmt(wall, 1)} s = ${fmt((workerCpu! / wall) * 100, 2)}% of a core (goal < 2%)`,
      `baseline worker (1 store, same window): ${fmt(baseCpu!, 2)} s = ${fmt((baseCpu! / wall) * 100, 2)}% of a core; each further idle store: ${fmt((perStore / wall) * 100 * 1000, 2)} thousandths of a % of a core (${fmt((perStore / wall) * 1e6, 1)} µs CPU per second)`,
      `worker RSS: ${fmt(rss.now)} MB now, ${fmt(rss.peak)} MB at most (start-up included)`,
      `worker Redis commands at rest: ${fmt(commands! / wall)} per second (${fmt(commands! / wall / STORES, 3)} per store; the baseline's: ${fmt(baseCommands! / wall, 1)} per second); most run: ${topCommands(statsBefore, statsAfter, wall)}`,
      `worker Redis connections: ${connections} (${fmt(connections / STORES, 2)} per store): ${[...roles].map(([role, n]) => `${role} ${n}`).join(', ')}`,
      `the sandbox process (${STORES} stores): ${fmt(sandboxCpu!, 2)} s CPU over the same window = ${fmt((sandboxCpu! / wall) * 100, 2)}% of a core`,
    ].join('\n'),
  );
  await figures.write();
} finally {
  for (const worker of workers) await stopChild(worker);
  await stopChild(sandbox.child);
  for (const server of [redis, baseRedis]) {
    server.child.kill('SIGKILL');
    await once(server.child, 'exit');
  }
  await rm(dir, { recursive: true, force: true });
}
