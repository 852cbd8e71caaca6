/**
 * The intake's composition root: from one resolved Config, the ledger (Redis with the queue, or
 * the local file), the claims, and the runner that syncs a batch to its end (in-process, or
 * enqueue + wait with Redis). Commands and the sync worker build their pieces here.
 */
import type { Redis } from 'ioredis';
import { requireStore, type Config } from '../config.ts';
import type { Logger } from '../log.ts';
import { storeClientFromConfig } from '../store/index.ts';
import { enqueueSync, runSync, waitForBatch } from '../sync/index.ts';
import { openRedis } from '../sync/queue/connection.ts';
import type { BatchLedgerFactory } from '../ledger/batch-ledger.ts';
import { FileClaims, RedisClaims, type ClaimStore } from './claims.ts';
import type { SyncRunner } from './drop-file.ts';
import type { DropLayout } from './drop-layout.ts';
import { batchLedgersOf } from '../ledger/for-batch.ts';
import type { Ledger } from '../ledger/ledger.ts';
import { FileLedger, scopedLedgerFile } from '../ledger/file-store.ts';
import { RedisLedger } from '../ledger/redis-store.ts';
import { ledgerScope } from '../ledger/rules.ts';

export interface Tuning {
  rate?: number | undefined;
  concurrency?: number | undefined;
}

export interface IntakeRuntime {
  config: Config;
  ledger: Ledger;
  batchLedgers: BatchLedgerFactory;
  /** Null in the embedded mode. */
  redis: Redis | null;
  runnerFor(tuning?: Tuning): SyncRunner;
  claimsFor(layout: DropLayout): { claims: ClaimStore; inboxClaims?: ClaimStore };
  /** The store's time zone, from authorization (schedules default to it). */
  storeTimeZone(): Promise<string>;
  close(): Promise<void>;
}

export interface LedgerHandle {
  ledger: Ledger;
  /** The engine's batchLedgers (runSync / startSyncWorker `batchLedgers`). */
  batchLedgers: BatchLedgerFactory;
  scope: string;
  close(): Promise<void>;
}

/**
 * The ledger for this store and account: in Redis (`redis` given, or REDIS_URL set) or the local
 * file. What `import` and the worker pass to the engine as `batchLedgers`.
 */
export async function openLedger(config: Config, redis: Redis | null = null): Promise<LedgerHandle> {
  const store = requireStore(config);
  const scope = ledgerScope(store.storeUrl, store.storeEmail);
  const own = redis === null && config.redisUrl ? openRedis(config.redisUrl) : null;
  const connection = redis ?? own;
  const ledger: Ledger = connection
    ? new RedisLedger(connection, config.queuePrefix, scope)
    : await FileLedger.open(scopedLedgerFile(config.ledgerFile, scope));
  return {
    ledger,
    batchLedgers: batchLedgersOf(ledger),
    scope,
    close: async () => {
      await ledger.close();
      if (own) await own.quit().catch(() => undefined);
    },
  };
}

/**
 * `shared`: the store's ledger when the caller (src/app.ts) already holds it; it stays open when
 * the runtime closes. Without it the runtime opens (and closes) its own.
 */
export async function openIntakeRuntime(config: Config, logger: Logger, shared?: LedgerHandle): Promise<IntakeRuntime> {
  const redis = config.redisUrl ? openRedis(config.redisUrl) : null;
  const { ledger, batchLedgers, scope } = shared ?? (await openLedger(config, redis));
  const client = storeClientFromConfig(config, { logger });

  const runnerFor = (tuning: Tuning = {}): SyncRunner => {
    const rate = tuning.rate ?? config.rate;
    const concurrency = tuning.concurrency ?? config.concurrency;
    if (redis && config.redisUrl) {
      const target = { redisUrl: config.redisUrl, prefix: config.queuePrefix };
      // Workers apply the shared rate limit; the batch's rows are processed wherever workers run.
      return async (request, signal) => {
        const { batchId } = await enqueueSync(request, {
          ...target,
          reportDir: config.reportDir,
          rate,
          client,
          logger,
          batchLedgers,
          maxTextLength: config.maxTextLength,
        });
        return waitForBatch(batchId, { ...target, signal });
      };
    }
    const tuned =
      rate === config.rate && concurrency === config.concurrency
        ? client
        : storeClientFromConfig({ ...config, rate, concurrency }, { logger });
    return (request) =>
      runSync(request, {
        client: tuned,
        reportDir: config.reportDir,
        rate,
        concurrency,
        batchLedgers,
        logger,
        maxTextLength: config.maxTextLength,
      });
  };

  return {
    config,
    ledger,
    batchLedgers,
    redis,
    runnerFor,
    claimsFor: (layout) =>
      redis
        ? {
            claims: new RedisClaims(redis, `${config.queuePrefix}:drop:${scope}:processing`),
            inboxClaims: new RedisClaims(redis, `${config.queuePrefix}:drop:${scope}:inbox`, 10 * 60_000),
          }
        : { claims: new FileClaims(layout.locks) },
    storeTimeZone: async () => (await client.authorize()).store.time_zone || 'UTC',
    close: async () => {
      client.close();
      if (!shared) await ledger.close();
      if (redis) await redis.quit().catch(() => undefined);
    },
  };
}
