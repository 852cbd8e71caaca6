/**
 * The store's clients, each with its rate gate: one per rate in-process (a job's own rate in the
 * local mode), one for all with Redis, whose gate every process shares and which follows the
 * store's rate (store/rate-gate/store-rate.ts).
 */
import type { Config } from '../config.ts';
import type { Logger } from '../log.ts';
import { storeClientFromConfig, type StoreClient } from '../store/client.ts';
import type { StoreIdentity } from '../store/identity.ts';
import type { RateGate } from '../store/rate-gate/gate.ts';
import { SlidingWindowGate } from '../store/rate-gate/memory.ts';
import { RedisRateGate } from '../store/rate-gate/redis.ts';
import type { Lifecycle } from './lifecycle.ts';
import type { StoreRedis } from './store-redis.ts';
import type { AppOptions } from './types.ts';

export function storeClients(
  config: Config,
  queued: boolean,
  store: () => Promise<StoreIdentity>,
  inRedis: StoreRedis,
  logger: Logger,
  options: Pick<AppOptions, 'observeGate'>,
  life: Lifecycle,
): (rate: number) => Promise<StoreClient> {
  const observe = options.observeGate ?? ((gate: RateGate) => gate);
  const rateGate = async (rate: number): Promise<RateGate> =>
    observe(
      queued
        ? new RedisRateGate({ redis: await inRedis.redis(), prefix: await inRedis.gatePrefix(), rate })
        : new SlidingWindowGate({ rate }),
      await store(),
    );
  const clients = new Map<number, Promise<StoreClient>>();
  return (rate) => {
    const key = queued ? -1 : rate;
    let built = clients.get(key);
    if (!built) {
      built = (async () => {
        const at = queued ? (await inRedis.rate()).rate : rate;
        const made = storeClientFromConfig({ ...config, rate: at }, { logger, gate: await rateGate(at) });
        life.onClose(() => Promise.resolve(made.close()));
        return made;
      })();
      clients.set(key, built);
    }
    return built;
  };
}
