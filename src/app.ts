/**
 * The composition root: from one resolved Config, what a command asks for, each built on first
 * use and all closed by one close(). The store's ledger comes from here (Redis with REDIS_URL, else
 * the local file), so the worker cannot run without one whatever plug-ins exist. `import` and the
 * intake commands still assemble their own pieces and are to move here. Modules are loaded when
 * first asked for, so a command loads only what it uses.
 */
import type { Redis } from 'ioredis';
import type { Config } from './config.ts';
import type { IntakeRuntime, LedgerHandle } from './intake/runtime.ts';
import type { Logger } from './log.ts';
import type { StoreClient } from './store/client.ts';
import type { RateGate } from './store/rate-gate/gate.ts';

export interface App {
  readonly config: Config;
  readonly logger: Logger;
  /** The one Redis connection (REDIS_URL must be set). */
  redis(): Promise<Redis>;
  /** The store client; with REDIS_URL its rate gate is the one shared by every process. */
  client(): Promise<StoreClient>;
  /** The store's ledger: in Redis with REDIS_URL, else the local file (one process at a time). */
  ledger(): Promise<LedgerHandle>;
  /** Drop folder, schedules and re-runs, on the app's ledger. */
  intake(): Promise<IntakeRuntime>;
  close(): Promise<void>;
}

export function createApp(config: Config, logger: Logger): App {
  const closers: (() => Promise<void>)[] = [];
  const once = <T>(build: () => Promise<T>): (() => Promise<T>) => {
    let built: Promise<T> | undefined;
    return () => (built ??= build());
  };

  const redis = once(async () => {
    if (!config.redisUrl) throw new Error('REDIS_URL is not set');
    const { Redis } = await import('ioredis');
    const connection = new Redis(config.redisUrl, { maxRetriesPerRequest: null });
    closers.push(() =>
      connection.quit().then(
        () => undefined,
        () => undefined,
      ),
    );
    return connection;
  });

  const client = once(async () => {
    const { storeClientFromConfig } = await import('./store/client.ts');
    let gate: RateGate | undefined;
    if (config.redisUrl) {
      const { RedisRateGate } = await import('./store/rate-gate/redis.ts');
      const { engineKeys } = await import('./sync/queue/keys.ts');
      gate = new RedisRateGate({
        redis: await redis(),
        prefix: engineKeys(config.queuePrefix).rate,
        rate: config.rate,
      });
    }
    const built = storeClientFromConfig(config, { logger, ...(gate ? { gate } : {}) });
    closers.push(() => Promise.resolve(built.close()));
    return built;
  });

  const ledger = once(async () => {
    const { openLedger } = await import('./intake/runtime.ts');
    const handle = await openLedger(config, config.redisUrl ? await redis() : null);
    closers.push(() => handle.close());
    return handle;
  });

  const intake = once(async () => {
    const { openIntakeRuntime } = await import('./intake/runtime.ts');
    const runtime = await openIntakeRuntime(config, logger, await ledger());
    closers.push(() => runtime.close());
    return runtime;
  });

  return {
    config,
    logger,
    redis,
    client,
    ledger,
    intake,
    async close() {
      // Last built, first closed: the intake runtime before the ledger it uses, Redis last.
      for (const close of closers.splice(0).reverse()) await close();
    },
  };
}
