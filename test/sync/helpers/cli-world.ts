/**
 * The real CLI (bin/catalog-sync.js) against a test world (the base world, with Redis): the sandbox
 * store, a BullMQ prefix of its own on the real Redis, and a temp directory that holds the reports, an empty jobs folder and
 * the per-user ledger home. `useCliWorld` registers the hooks: before each test a new world and
 * prefix; after it every process started here is killed and the prefix's keys deleted.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import type { Redis } from 'ioredis';
import { afterEach, beforeEach } from 'vitest';
import { startSandbox, type SandboxHandle, type SandboxOptions } from '../../../src/sandbox/index.ts';
import { until } from '../../helpers/until.ts';
import { kill, PrivateRedis } from './processes.ts';
import { storePrefix } from '../../../src/sync/queue/keys.ts';
import { withRedis, type RedisParts } from './queue-world.ts';
import { startWorld, type World } from './world.ts';
import { REDIS_URL } from '../../helpers/redis-url.ts';

const BIN = join(import.meta.dirname, '../../../bin/catalog-sync.js');

/** Environment changes for one command: a value replaces, `undefined` leaves the name out. */
export type EnvChanges = Record<string, string | undefined>;

export interface CliRun {
  child: ChildProcess;
  out: () => string;
  err: () => string;
  /** stdout and stderr as they came. */
  all: () => string;
  /** The exit code once the process has ended. */
  exit: () => Promise<number | null>;
}

export interface CliWorld {
  readonly world: World;
  readonly prefix: string;
  /** The sandbox store's key prefix under it: where the CLI queues and its workers take the store's rows. */
  readonly storePrefix: string;
  /** A connection of the test's own, for looking at the prefix's keys. */
  readonly redis: Redis;
  /** A second sandbox store (an agency's other store), with `otherStore`. */
  readonly other: SandboxHandle;
  /**
   * The environment a command gets: only PATH from this process, then the store, Redis, prefix,
   * folders and a silent log, then `changes`.
   */
  env(changes?: EnvChanges): NodeJS.ProcessEnv;
  /** `cwd`: the folder the command runs in (where it reads `.env`); the test's own by default. */
  cli(args: string[], changes?: EnvChanges, cwd?: string): CliRun;
  /** `catalog-sync worker`, once it has said it started. */
  startWorker(changes?: EnvChanges, args?: string[]): Promise<CliRun>;
}

export interface CliWorldOptions {
  /** Start a second sandbox store before each test, as `other`. */
  otherStore?: boolean;
}

export function useCliWorld(options: SandboxOptions = {}, more: CliWorldOptions = {}): CliWorld {
  let world: (World & RedisParts) | undefined;
  let other: SandboxHandle | undefined;
  const children: ChildProcess[] = [];

  beforeEach(async () => {
    world = withRedis(await startWorld(options, true));
    if (more.otherStore) {
      const started = (other = await startSandbox());
      world.onClose(() => started.close());
    }
  });
  afterEach(async () => {
    for (const child of children.splice(0)) await kill(child, 'SIGKILL');
    await world?.close(); // quits its connection, deletes the prefix's keys
  });

  const set = <T>(value: T | undefined, name: string): T => {
    if (value === undefined) throw new Error(`${name} is set before each test`);
    return value;
  };

  const self: CliWorld = {
    get world() {
      return set(world, 'world');
    },
    get prefix() {
      return set(world?.prefix, 'prefix');
    },
    get storePrefix() {
      return storePrefix(self.prefix, self.world.store);
    },
    get redis() {
      return set(world?.redis, 'redis');
    },
    get other() {
      return set(other, 'other (with otherStore)');
    },
    env(changes = {}) {
      const { world: w, prefix: p } = self;
      const env: NodeJS.ProcessEnv = {
        PATH: process.env.PATH ?? '',
        REDIS_URL,
        QUEUE_PREFIX: p,
        ...w.storeEnv,
        LOG_LEVEL: 'silent',
        REPORT_DIR: join(w.dir, 'reports'),
        JOBS_DIR: join(w.dir, 'no-jobs'),
        XDG_STATE_HOME: join(w.dir, 'state'),
      };
      for (const [name, value] of Object.entries(changes)) {
        if (value === undefined) delete env[name];
        else env[name] = value;
      }
      return env;
    },
    cli(args, changes, cwd) {
      const child = spawn(process.execPath, [BIN, ...args], {
        env: self.env(changes),
        ...(cwd === undefined ? {} : { cwd }),
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      children.push(child);
      let out = '';
      let err = '';
      let all = '';
      child.stdout?.on('data', (d: Buffer) => {
        out += d.toString();
        all += d.toString();
      });
      child.stderr?.on('data', (d: Buffer) => {
        err += d.toString();
        all += d.toString();
      });
      const exited = once(child, 'exit') as Promise<[number | null]>;
      return { child, out: () => out, err: () => err, all: () => all, exit: async () => (await exited)[0] };
    },
    async startWorker(changes, args = ['--grace', '5']) {
      const run = self.cli(['worker', ...args], changes);
      await untilSays(run, 'worker started', 'the worker to start');
      return run;
    },
  };
  return self;
}

/** Waits until the command has printed `text` on `stream`; fails, with all it printed, if it ends first. */
export async function untilSays(run: CliRun, text: string, what: string, stream: 'out' | 'err' | 'all' = 'all') {
  let ended = false;
  void run.exit().then(() => (ended = true));
  await until(() => {
    if (ended) throw new Error(`the command ended before ${what}: ${run.all()}`);
    return run[stream]().includes(text);
  }, what);
}

/** The command's exit code, once it has ended within `ms`; else an error holding what it printed. */
export async function exitWithin(run: CliRun, ms: number): Promise<number | null> {
  let exited = false;
  void run.exit().then(() => (exited = true));
  await until(() => exited, 'the command to exit', { timeoutMs: ms }).catch((error: Error) => {
    throw new Error(`${error.message}\n--- its output:\n${run.all()}`);
  });
  return run.exit();
}

export interface OwnRedis {
  /** A Redis of the test's own, to crash and bring back. */
  server: PrivateRedis;
  /** REDIS_URL on it, at a rate and concurrency a batch of a hundred rows is still running at. */
  changes: EnvChanges;
  /** A worker on it, given two seconds' grace. */
  worker: CliRun;
}

/** Runs `test` with a Redis of its own and a worker on it; the Redis is stopped after, however it ends. */
export async function withOwnRedis(t: CliWorld, test: (own: OwnRedis) => Promise<void>): Promise<void> {
  const server = await PrivateRedis.start();
  try {
    const changes = { REDIS_URL: server.url, RATE: '20', CONCURRENCY: '4', LOG_LEVEL: 'info' };
    const worker = await t.startWorker(changes, ['--grace', '2']);
    await test({ server, changes, worker });
  } finally {
    await server.stop();
  }
}
