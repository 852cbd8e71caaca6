/**
 * Which store a row, batch, report, ledger or Redis key belongs to: the store's base URL and the
 * vendor account (its e-mail), never a password or token. Two processes that share a Redis, a
 * queue prefix or a report folder tell their stores apart by this, and only by this: a process
 * sends a row only to the store its batch names.
 */
import { createHash } from 'node:crypto';
import { DEFAULT_STORE_ID, missingStoreSetting, type Config } from '../config.ts';
import type { StoreIdentity } from './identity-type.ts';

export type { StoreIdentity } from './identity-type.ts';

/** The configured store, or a ConfigError naming the first setting missing. */
export function storeIdentityOf(
  config: Pick<Config, 'storeUrl' | 'storeEmail'> & Partial<Pick<Config, 'storeId' | 'storesOnOffer'>>,
): StoreIdentity {
  for (const key of ['storeUrl', 'storeEmail'] as const) {
    if (!config[key]) throw missingStoreSetting(config, key);
  }
  return {
    id: config.storeId ?? DEFAULT_STORE_ID,
    url: config.storeUrl!.replace(/\/+$/, ''),
    account: config.storeEmail!.trim(),
  };
}

/**
 * A short, stable name for a store and account, used in file names and Redis keys (16 hex digits
 * of SHA-256 over the lower-cased URL and e-mail). The same store and account always get the same
 * scope, however the URL's trailing slash or the e-mail's case was typed; another store never does.
 */
export function storeScope(store: StoreIdentity): string {
  const id = `${store.url.replace(/\/+$/, '').toLowerCase()}\n${store.account.trim().toLowerCase()}`;
  return createHash('sha256').update(id).digest('hex').slice(0, 16);
}

/**
 * `<QUEUE_PREFIX>:{<scope>}`: where every Redis key of one store and account lives (its queue,
 * batches, rate, claims and ledger; sync/queue/keys.ts storePrefix). The braces are a Redis
 * Cluster hash tag: all of them share one hash slot, as BullMQ's scripts and ours need, and
 * stores spread over the cluster's masters. The tag is the scope, not the store's id, so two
 * deployments that both call a store `default` never share a key.
 */
export function scopeKeyPrefix(queuePrefix: string, scope: string): string {
  return `${queuePrefix}:{${scope}}`;
}

export function sameStore(a: StoreIdentity, b: StoreIdentity): boolean {
  return storeScope(a) === storeScope(b);
}

/** For people: `Riyadh Perfumes (https://api.example.com, ops@example.com)`; a store of a stores file by its id too. */
export function describeStore(store: StoreIdentity): string {
  const where = `${store.url}, ${store.account}`;
  const id = store.id && store.id !== DEFAULT_STORE_ID ? `store ${store.id}: ` : '';
  return store.name ? `${id}${store.name} (${where})` : `${id}${where}`;
}

/** The identity as recorded with a batch: the name only when known. */
export function recordedStore(store: StoreIdentity, name?: string): StoreIdentity {
  const known = name ?? store.name;
  return {
    ...(store.id ? { id: store.id } : {}),
    url: store.url,
    account: store.account,
    ...(known ? { name: known } : {}),
  };
}

/** A `store` field read back from a file or Redis, or null when it is not one. */
export function parseStoreIdentity(value: unknown): StoreIdentity | null {
  if (typeof value !== 'object' || value === null) return null;
  const { id, url, account, name } = value as Record<string, unknown>;
  if (typeof url !== 'string' || typeof account !== 'string' || url === '' || account === '') return null;
  return {
    ...(typeof id === 'string' && id !== '' ? { id } : {}),
    url,
    account,
    ...(typeof name === 'string' && name !== '' ? { name } : {}),
  };
}
