/**
 * The configured store in Redis (REDIS_URL or REDIS_CLUSTER_NODES): the connection, the store's
 * key prefix (its queue, batches, rate gate, claims: sync/queue/keys.ts storePrefix) and its rate,
 * kept in Redis for every process. ioredis is loaded only when a command uses Redis (queue.ts).
 */
import type { Config } from '../config.ts';
import { FileClaims, RedisClaims, type ClaimStore } from '../intake/claims.ts';
import type { DropLayout } from '../intake/drop-layout.ts';
import type { Logger } from '../log.ts';
import type { RedisClient, RedisServer } from '../redis.ts';
import type { StoreIdentity } from '../store/identity.ts';
import {
  effectiveStoreRate,
  readStoreRate,
  type EffectiveRate,
  type StoreRate,
} from '../store/rate-gate/store-rate.ts';
import type { RedisTarget } from '../sync/queue/connection.ts';
import { engineKeys, storePrefix } from '../sync/queue/keys.ts';
import type { Lifecycle } from './lifecycle.ts';
import { loadQueue } from './queue.ts';
import type { AppOptions } from './types.ts';

export interface StoreRedis {
  /** The one connection (throws without REDIS_URL / REDIS_CLUSTER_NODES). */
  redis: () => Promise<RedisClient>;
  /** The store's queue: the only one this process puts rows on or takes them from, on the one connection. */
  queueTarget: () => Promise<RedisTarget>;
  /** Where the store's rate gate and rate live. */
  gatePrefix: () => Promise<string>;
  /** The rate in effect: with Redis the store's (RATE given sets it), else the configuration's. */
  rate: () => Promise<EffectiveRate>;
  /** The store's rate as kept in Redis, without setting it; null without Redis or when never set. */
  storeRate: () => Promise<StoreRate | null>;
  /** Who works on a drop folder's files: Redis keys (machines sharing it), else lock files. */
  claimsFor: (layout: DropLayout) => Promise<{ claims: ClaimStore; inboxClaims?: ClaimStore }>;
}

export function storeRedis(
  config: Config,
  server: RedisServer | null,
  store: () => Promise<StoreIdentity>,
  logger: Logger,
  options: Pick<AppOptions, 'redis'>,
  life: Lifecycle,
): StoreRedis {
  const redis = life.once(() => openStoreRedis(server, logger, options, life));

  const keyPrefix = life.once(async () => storePrefix(config.queuePrefix, await store()));

  const queueTarget = async (): Promise<RedisTarget> => {
    if (!server) throw new Error('the queue needs REDIS_URL');
    // The app's one connection: its queues' commands share it (connection.ts bullConnection).
    return { ...server, prefix: await keyPrefix(), shared: await redis() };
  };

  const gatePrefix = life.once(async (): Promise<string> => engineKeys(await keyPrefix()).gate);

  const rate = life.once(async (): Promise<EffectiveRate> => {
    if (!server) return { rate: config.rate, source: config.rateGiven ? 'given' : 'default', replaced: null };
    const given = config.rateGiven ? config.rate : undefined;
    return effectiveStoreRate(await redis(), await gatePrefix(), given, config.rate);
  });

  return {
    redis,
    queueTarget,
    gatePrefix,
    rate,
    storeRate: async () => {
      if (!server || !config.storeUrl || !config.storeEmail) return null;
      return readStoreRate(await redis(), await gatePrefix());
    },
    async claimsFor(layout) {
      if (!server) return { claims: new FileClaims(layout.locks) };
      const connection = await redis();
      const prefix = await keyPrefix();
      return {
        claims: new RedisClaims(connection, `${prefix}:drop:processing`),
        inboxClaims: new RedisClaims(connection, `${prefix}:drop:inbox`, 10 * 60_000),
      };
    },
  };
}

/** The one connection, opened on first use; one given by the caller (options.redis) stays open at close. */
async function openStoreRedis(
  server: RedisServer | null,
  logger: Logger,
  options: Pick<AppOptions, 'redis'>,
  life: Lifecycle,
): Promise<RedisClient> {
  if (!server) throw new Error('REDIS_URL is not set');
  if (options.redis) return options.redis();
  const { openRedis } = await loadQueue();
  const connection = openRedis(server, logger, 'shared');
  life.onClose(() =>
    connection.quit().then(
      () => undefined,
      () => connection.disconnect(),
    ),
  );
  return connection;
}
