/**
 * Opens the store's ledger from the configuration. Only the composition root (src/app.ts) calls
 * it, so there is one place where a ledger is built, and one answer to "where is it":
 * - with Redis (REDIS_URL or REDIS_CLUSTER_NODES), the hash `<QUEUE_PREFIX>:{<scope>}:ledger`
 *   answers for the store, whatever the transport. Opened, it takes over the entries of this
 *   machine's file ledger for the store, leaving a note in the file's place, so a later run
 *   without Redis stops instead of creating again what Redis knows was created (app.ts opens it
 *   for a batch only once the batch starts);
 * - without it, the file in the per-user home (home.ts).
 */
import { readFile, rm } from 'node:fs/promises';
import type { RedisClient } from '../redis.ts';
import { ConfigError, type Config } from '../config.ts';
import type { Logger } from '../log.ts';
import type { BatchLedgerFactory } from './batch-ledger.ts';
import { FileLedger, scopedLedgerFile } from './file-store.ts';
import { batchLedgersOf } from './for-batch.ts';
import { ledgerFileOf } from './home.ts';
import type { Ledger, LedgerEntry, ProductRecords } from './ledger.ts';
import { LEDGER_SIDE_HASHES, RedisLedger, redisLedgerKey } from './redis-store.ts';
import { scopeKeyPrefix, storeIdentityOf, storeScope } from '../store/identity.ts';
import { exists, takeOver, writeMovedNote, type MovedNote } from './take-over.ts';

/** A store's ledger, which can also list what it holds (`catalog-sync ledger export`) and its products with an id. */
export type StoreLedger = Ledger &
  ProductRecords & {
    all(): AsyncIterable<readonly [string, LedgerEntry]> | Iterable<readonly [string, LedgerEntry]>;
  };

export interface LedgerHandle {
  ledger: StoreLedger;
  /** The engine's batchLedgers (runSync / enqueueSync / startSyncWorker `batchLedgers`). */
  batchLedgers: BatchLedgerFactory;
  /** Which store and account the ledger answers for (store/identity.ts storeScope). */
  scope: string;
  /** Where it lives, for people: the file's path, or `redis <key>`. */
  where: string;
  close(): Promise<void>;
}

/** `redis`: the caller's connection (it stays open on close), given when Redis is configured. */
export async function openStoreLedger(
  config: Config,
  redis: RedisClient | null,
  logger: Logger,
): Promise<LedgerHandle> {
  const scope = storeScope(storeIdentityOf(config));
  const file = scopedLedgerFile(ledgerFileOf(config), scope);
  const note = `${file}.moved-to-redis`;
  let ledger: StoreLedger;
  let where: string;
  if (redis) {
    const key = redisLedgerKey(config.queuePrefix, scope);
    ledger = new RedisLedger(redis, config.queuePrefix, scope);
    where = `redis ${key}`;
    if (await exists(file)) {
      const entries = await takeOver(file, ledger);
      await writeMovedNote(note, { movedTo: 'redis', key, at: new Date().toISOString(), entries });
      logger.warn(
        { file, entries, redisKey: key },
        `the ledger of this store moves to Redis: ${counted(entries)} taken over from ${file} (kept as ${file}.moved)`,
      );
    }
  } else {
    const moved = await readMovedNote(note);
    if (moved)
      throw new ConfigError(
        'REDIS_URL',
        `is not set, but the ledger of ${config.storeUrl} moved to Redis (${moved.key}, ${moved.at}) and answers for this store now: set REDIS_URL (or REDIS_CLUSTER_NODES) to that Redis to sync it (without it, products it knows were created could be created again)`,
      );
    ledger = await FileLedger.open(file);
    where = file;
  }
  const batchLedgers = batchLedgersOf(ledger, { undoBatches: config.undoBatches });
  return { ledger, batchLedgers, scope, where, close: () => ledger.close() };
}

/**
 * The records a look before a batch reads (the guard): lookups, the count of products known and
 * the products with an id (those a full feed's retire would change).
 */
export type RecordReader = Pick<Ledger, 'getMany' | 'known'> &
  Pick<StoreLedger, 'all'> &
  ProductRecords & { close(): Promise<void> };

/**
 * The store's records where its ledger is, for a look before a batch (the guard), without taking
 * a file ledger over into Redis for a run that may queue nothing: with Redis, its hash as it is;
 * else the file, opened (and locked) until closed.
 */
export async function openRecordReader(config: Config, redis: RedisClient | null): Promise<RecordReader> {
  const scope = storeScope(storeIdentityOf(config));
  if (redis) return new RedisLedger(redis, config.queuePrefix, scope);
  return FileLedger.open(scopedLedgerFile(ledgerFileOf(config), scope));
}

export interface MovedToFile {
  entries: number;
  /** The file that answers for the store now. */
  file: string;
  /** Where the Redis hash is kept (renamed, not deleted). */
  keptAs: string;
}

/**
 * The way back from Redis (`catalog-sync ledger move-to-file`): copies the store's Redis ledger
 * into its file (for a key both hold, Redis's entry stands: it answered last), keeps the Redis
 * hash renamed `<prefix>:{<scope>}:ledger-moved-to-file` (nothing is deleted) and removes the
 * take-over note, so runs without REDIS_URL use the file again. The caller makes sure no batch
 * is running. A later command with REDIS_URL takes the file over once more: once configured,
 * Redis answers for the store.
 */
export async function moveStoreLedgerToFile(config: Config, redis: RedisClient): Promise<MovedToFile> {
  const scope = storeScope(storeIdentityOf(config));
  const file = scopedLedgerFile(ledgerFileOf(config), scope);
  const key = redisLedgerKey(config.queuePrefix, scope);
  // In the store's hash slot, as RENAME on a Redis Cluster needs.
  const keptAs = `${scopeKeyPrefix(config.queuePrefix, scope)}:ledger-moved-to-file`;
  const source = new RedisLedger(redis, config.queuePrefix, scope);
  // Opening it locks the file: refused (ConfigError) while another process has it open.
  const target = await FileLedger.open(file);
  let entries = 0;
  try {
    let chunk: (readonly [string, LedgerEntry])[] = [];
    for await (const pair of source.all()) {
      chunk.push(pair);
      if (chunk.length < 1_000) continue;
      await target.setMany(chunk);
      entries += chunk.length;
      chunk = [];
    }
    await target.setMany(chunk);
    entries += chunk.length;
  } finally {
    await target.close();
  }
  // Only once the file holds every entry: a crash before this leaves Redis answering, as before.
  if ((await redis.exists(key)) === 1) await redis.rename(key, keptAs);
  for (const side of LEDGER_SIDE_HASHES)
    if ((await redis.exists(`${key}${side}`)) === 1) await redis.rename(`${key}${side}`, `${keptAs}${side}`);
  await rm(`${file}.moved-to-redis`, { force: true });
  return { entries, file, keptAs };
}

const counted = (n: number): string => (n === 1 ? '1 entry' : `${n} entries`);

async function readMovedNote(path: string): Promise<MovedNote | null> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  try {
    return JSON.parse(text) as MovedNote;
  } catch {
    // A damaged note still says the ledger moved: never read as "nothing moved".
    return { movedTo: 'redis', key: 'the Redis ledger', at: `see ${path}`, entries: 0 };
  }
}
