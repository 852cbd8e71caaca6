/**
 * A user of the CLI on this machine, for the ledger's moves between its per-user file and Redis:
 * the base world (a home folder of the test's own under its temp folder, a Redis prefix), a Redis
 * connection to look at the prefix's keys, and the environment a command gets with or without
 * Redis (no LEDGER_FILE: the ledger lives in the home). `useUserWorld` registers the hooks.
 */
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll } from 'vitest';
import { scopedLedgerFile } from '../../src/ledger/file-store.ts';
import { storeScope } from '../../src/store/identity.ts';
import { startSandbox, type SandboxHandle } from '../../src/sandbox/index.ts';
import { startBaseWorld } from './base-world.ts';
import { useWorld } from './use-world.ts';
import { REDIS_URL } from './redis-url.ts';

export interface UserWorld {
  readonly dir: string;
  readonly prefix: string;
  readonly redis: Redis;
  /** A sandbox store of this test's own, closed after it. */
  store: () => Promise<SandboxHandle>;
  /** The environment of the user: a home of the test's own, the store, reports, and Redis when asked. */
  userEnv: (sandbox: SandboxHandle, withRedis: boolean) => Record<string, string>;
  /** The store's ledger file in the user's home. */
  homeFile: (sandbox: SandboxHandle) => string;
}

export function useUserWorld(name: string): UserWorld {
  let redis: Redis | undefined;
  beforeAll(() => {
    redis = new Redis(REDIS_URL);
  });
  afterAll(async () => {
    await redis?.quit();
  });
  const world = useWorld(() => startBaseWorld({ name, redis: true }));
  const self: UserWorld = {
    get dir() {
      return world.dir;
    },
    get prefix() {
      return world.queuePrefix!;
    },
    get redis() {
      if (!redis) throw new Error('redis is connected before all tests');
      return redis;
    },
    store: async () => {
      const sandbox = await startSandbox();
      world.onClose(() => sandbox.close());
      return sandbox;
    },
    userEnv: (sandbox, withRedis) => ({
      HOME: join(self.dir, 'home'),
      STORE_URL: sandbox.url,
      STORE_EMAIL: sandbox.email,
      STORE_PASSWORD: sandbox.password,
      REPORT_DIR: join(self.dir, 'reports'),
      ...(withRedis ? world.redisEnv : {}),
    }),
    homeFile: (sandbox) =>
      scopedLedgerFile(
        join(self.dir, 'home', '.local', 'state', 'catalog-sync', 'ledger.jsonl'),
        storeScope({ url: sandbox.url, account: sandbox.email }),
      ),
  };
  return self;
}
