/**
 * The store's rate, kept in Redis beside the gate that applies it: one setting that `import`,
 * every worker and `status` read from the same place. A command given RATE or --rate sets it; one
 * without follows it (or the default when none was ever set). The Redis gate reads it on every
 * admission, so a new rate applies to every running worker at once.
 */
import type { RedisClient } from '../../redis.ts';

export interface StoreRate {
  /** Requests per second, all processes together. */
  rate: number;
  /** When it was set (ISO 8601). */
  setAt: string;
}

/** The hash holding the rate, under the gate's prefix (`<prefix>:rate:limit`). */
export function storeRateKey(gatePrefix: string): string {
  return `${gatePrefix}:rate:limit`;
}

export async function readStoreRate(redis: RedisClient, gatePrefix: string): Promise<StoreRate | null> {
  const [rate, setAt] = await redis.hmget(storeRateKey(gatePrefix), 'rate', 'setAt');
  const value = Number(rate);
  return rate !== null && value > 0 && Number.isFinite(value) ? { rate: value, setAt: setAt ?? '' } : null;
}

/** Sets the store's rate for every process; returns the one it replaces (null: none was set). */
export async function setStoreRate(
  redis: RedisClient,
  gatePrefix: string,
  rate: number,
  now: Date = new Date(),
): Promise<StoreRate | null> {
  if (!(rate > 0) || !Number.isFinite(rate)) throw new RangeError(`rate must be a positive number, got ${rate}`);
  const before = await readStoreRate(redis, gatePrefix);
  await redis.hset(storeRateKey(gatePrefix), { rate: String(rate), setAt: now.toISOString() });
  return before;
}

/**
 * The rate in effect for a process: `given` (RATE or --rate) becomes the store's rate; without it,
 * the store's rate, or `fallback` when none was ever set.
 */
export interface EffectiveRate {
  rate: number;
  /** given: RATE/--rate (with Redis: now the store's); store: set earlier by another command; default: none set. */
  source: 'given' | 'store' | 'default';
  /** The store's rate that `given` replaced. */
  replaced: StoreRate | null;
}

export async function effectiveStoreRate(
  redis: RedisClient,
  gatePrefix: string,
  given: number | undefined,
  fallback: number,
): Promise<EffectiveRate> {
  if (given !== undefined) {
    const replaced = await setStoreRate(redis, gatePrefix, given);
    return { rate: given, source: 'given', replaced };
  }
  const stored = await readStoreRate(redis, gatePrefix);
  return stored
    ? { rate: stored.rate, source: 'store', replaced: null }
    : { rate: fallback, source: 'default', replaced: null };
}
