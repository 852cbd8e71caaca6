/**
 * The ground every test world stands on, as BullMQ keeps one connection factory: a temp folder of
 * the test's own, its log lines kept (to look for secrets in them), with Redis a key prefix of its
 * own (its keys deleted at close), and, for `startSandboxWorld`, a sandbox store over real HTTP.
 * The sync, CLI, console, stores and notify worlds extend it rather than start these themselves.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { createLogger, type Logger } from '../../src/log.ts';
import { startSandbox, type SandboxHandle, type SandboxOptions } from '../../src/sandbox/index.ts';
import type { StoreIdentity } from '../../src/store/identity.ts';
import { dropKeys } from '../sync/helpers/redis.ts';
import { REDIS_URL } from './redis-url.ts';

export interface BaseWorldOptions {
  /** How the temp folder's name starts (and the Redis prefix's), to tell the worlds apart. */
  name: string;
  /** A key prefix of the test's own on the shared Redis. */
  redis?: boolean;
}

export interface BaseWorld {
  dir: string;
  /** The test's own Redis key prefix (QUEUE_PREFIX), with Redis; else null. */
  queuePrefix: string | null;
  /** REDIS_URL and QUEUE_PREFIX with Redis; else empty. */
  redisEnv: Record<string, string>;
  /** Every log line `logger` has written so far. */
  logs: string[];
  logger: Logger;
  /** Writes a sheet of these lines into the folder; its path. */
  sheet(name: string, lines: string[]): Promise<string>;
  /** A step for close, run before the steps added earlier (what was started last stops first). */
  onClose(step: () => Promise<void>): void;
  close(): Promise<void>;
}

export interface SandboxWorldOptions extends BaseWorldOptions {
  sandbox?: SandboxOptions;
  /** A store of the test's own to use instead of a sandbox of the world's (left open at close). */
  store?: SandboxHandle;
}

/** What a world on a sandbox world (console, notify) takes from its test, as one list. */
export interface SandboxWorldChoices {
  redis?: boolean;
  sandbox?: SandboxOptions;
  /** A store of the test's own to serve instead of a sandbox of the world's (left open at close). */
  store?: SandboxHandle;
  /** Settings over the world's (e.g. the notifications', a wrong STORE_PASSWORD, NOTIFY_LANG). */
  env?: Record<string, string>;
}

export interface SandboxWorld extends BaseWorld {
  sandbox: SandboxHandle;
  /** The sandbox store's identity, as a client of it records batches. */
  store: StoreIdentity;
  /** STORE_URL, STORE_EMAIL and STORE_PASSWORD of the sandbox. */
  storeEnv: Record<string, string>;
}

/** Log lines kept in memory, at debug level. */
export function keptLogs(): { logs: string[]; logger: Logger } {
  const logs: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logs.push(chunk.toString('utf8'));
      done();
    },
  });
  return { logs, logger: createLogger({ level: 'debug', destination }) };
}

export async function startBaseWorld(options: BaseWorldOptions): Promise<BaseWorld> {
  const dir = await mkdtemp(join(tmpdir(), `${options.name}-`));
  const queuePrefix = options.redis ? `${options.name}-${randomUUID()}` : null;
  const steps: (() => Promise<void>)[] = [() => rm(dir, { recursive: true, force: true })];
  if (queuePrefix) steps.push(() => dropKeys(queuePrefix));
  return {
    dir,
    queuePrefix,
    redisEnv: queuePrefix ? { REDIS_URL, QUEUE_PREFIX: queuePrefix } : {},
    ...keptLogs(),
    sheet: async (name, lines) => {
      const file = join(dir, name);
      await writeFile(file, `${lines.join('\n')}\n`);
      return file;
    },
    onClose: (step) => steps.push(step),
    close: async () => {
      for (const step of steps.splice(0).reverse()) await step();
    },
  };
}

export async function startSandboxWorld(options: SandboxWorldOptions): Promise<SandboxWorld> {
  const base = await startBaseWorld(options);
  const sandbox = options.store ?? (await startSandbox(options.sandbox ?? {}));
  if (!options.store) base.onClose(() => sandbox.close());
  return {
    ...base,
    sandbox,
    store: { url: sandbox.url, account: sandbox.email },
    storeEnv: { STORE_URL: sandbox.url, STORE_EMAIL: sandbox.email, STORE_PASSWORD: sandbox.password },
  };
}

/** The sandbox world under a world called `name`, as its test chose (`env` is the world's to use). */
export function sandboxWorldFor(name: string, choices: SandboxWorldChoices): Promise<SandboxWorld> {
  return startSandboxWorld({
    name,
    redis: choices.redis === true,
    ...(choices.sandbox ? { sandbox: choices.sandbox } : {}),
    ...(choices.store ? { store: choices.store } : {}),
  });
}
