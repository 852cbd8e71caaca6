/**
 * Opens the store's ledger from the configuration. Only the composition root (src/app.ts) calls
 * it, so there is one place where a ledger is built, and one answer to "where is it":
 * - with Redis (REDIS_URL or REDIS_CLUSTER_NODES), the hash `<QUEUE_PREFIX>:{<scope>}:ledger`
 *   answers for the store, whatever the transport. Opened, it takes over the hash where earlier
 *   versions kept it (redis-store.ts adoptLegacyRedisLedger) and the entries of this machine's
 *   file ledger for the store, leaving a note in the file's place, so a later run without Redis
 *   stops instead of creating again what Redis knows was created (app.ts opens it for a batch
 *   only once the batch starts);
 * - without it, the file in the per-user home (home.ts), which takes over a file of the old
 *   default (./.ledger in the working directory) on first use.
 */
import { readFile, rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { RedisClient } from '../redis.ts';
import { ConfigError, type Config } from '../config.ts';
import type { Logger } from '../log.ts';
import type { BatchLedgerFactory } from './batch-ledger.ts';
import { FileLedger, scopedLedgerFile } from './file-store.ts';
import { batchLedgersOf } from './for-batch.ts';
import type { LastSent } from './last-sent.ts';
import { FileLastSent, lastSentFileOf } from './last-sent-file.ts';
import { RedisLastSent } from './last-sent-redis.ts';
import { recordingLastSent } from './recording-last-sent.ts';
import { lastSentIntoFile, lastSentIntoRedis } from './last-sent-move.ts';
import { LEGACY_LEDGER_FILE, ledgerFileOf } from './home.ts';
import type { Ledger, LedgerEntry } from './ledger.ts';
import { adoptLegacyRedisLedger, legacyRedisLedgerKey, RedisLedger, redisLedgerKey } from './redis-store.ts';
import { scopeKeyPrefix, storeIdentityOf, storeScope } from '../store/identity.ts';
import { exists, takeOver, writeMovedNote, type MovedNote } from './take-over.ts';

/** A store's ledger, which can also list what it holds (`catalog-sync ledger export`). */
export type StoreLedger = Ledger & {
  all(): AsyncIterable<readonly [string, LedgerEntry]> | Iterable<readonly [string, LedgerEntry]>;
};

export interface LedgerHandle {
  ledger: StoreLedger;
  /** The engine's batchLedgers (runSync / enqueueSync / startSyncWorker `batchLedgers`). */
  batchLedgers: BatchLedgerFactory;
  /** The last values sent each product, beside the ledger (preview's "before", the guard's). */
  lastSent: LastSent;
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
  // The old default only when no LEDGER_FILE was chosen: a chosen file is used as it is.
  const legacy = config.ledgerFile === undefined ? resolve(scopedLedgerFile(LEGACY_LEDGER_FILE, scope)) : null;
  const sources = [file, ...(legacy && legacy !== resolve(file) ? [legacy] : [])];
  const note = `${file}.moved-to-redis`;
  let ledger: StoreLedger;
  let where: string;
  if (redis) {
    const key = redisLedgerKey(config.queuePrefix, scope);
    await adoptLegacyLedger(redis, config.queuePrefix, scope, logger);
    ledger = new RedisLedger(redis, config.queuePrefix, scope);
    where = `redis ${key}`;
    for (const source of sources) {
      if (!(await exists(source))) continue;
      const entries = await takeOver(source, ledger);
      await lastSentIntoRedis(source, new RedisLastSent(redis, config.queuePrefix, scope));
      await writeMovedNote(note, { movedTo: 'redis', key, at: new Date().toISOString(), entries });
      logger.warn(
        { file: source, entries, redisKey: key },
        `the ledger of this store moves to Redis: ${counted(entries)} taken over from ${source} (kept as ${source}.moved)`,
      );
    }
  } else {
    const moved = await readMovedNote(note);
    if (moved)
      throw new ConfigError(
        'REDIS_URL',
        `is not set, but the ledger of ${config.storeUrl} moved to Redis (${moved.key}, ${moved.at}) and answers for this store now: set REDIS_URL (or REDIS_CLUSTER_NODES) to that Redis to sync it (without it, products it knows were created could be created again)`,
      );
    const opened = await FileLedger.open(file);
    ledger = opened;
    where = file;
    if (legacy && sources.includes(legacy) && (await exists(legacy))) {
      const entries = await takeOver(legacy, opened).catch(async (error: unknown) => {
        await opened.close();
        throw error;
      });
      logger.warn(
        { file: legacy, entries, ledgerFile: file },
        `the ledger moves to ${file}: ${counted(entries)} taken over from ${legacy} (kept as ${legacy}.moved)`,
      );
    }
  }
  const lastSent = openLastSent(config, redis);
  return {
    ledger,
    batchLedgers: recordingLastSent(batchLedgersOf(ledger), lastSent),
    lastSent,
    scope,
    where,
    close: async () => {
      await lastSent.close();
      await ledger.close();
    },
  };
}

/**
 * The store's last values sent (last-sent.ts), where its ledger is, without opening the ledger:
 * a look before a batch (the guard) must not take a file ledger over into Redis for a run that
 * may queue nothing.
 */
export function openLastSent(config: Config, redis: RedisClient | null): LastSent {
  const scope = storeScope(storeIdentityOf(config));
  return redis
    ? new RedisLastSent(redis, config.queuePrefix, scope)
    : new FileLastSent(lastSentFileOf(scopedLedgerFile(ledgerFileOf(config), scope)));
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
  // An earlier version's hash first: its entries then go to the file with the rest.
  await adoptLegacyRedisLedger(redis, config.queuePrefix, scope);
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
  await lastSentIntoFile(redis, config.queuePrefix, scope, file);
  // Only once the file holds every entry: a crash before this leaves Redis answering, as before.
  if ((await redis.exists(key)) === 1) await redis.rename(key, keptAs);
  await rm(`${file}.moved-to-redis`, { force: true });
  return { entries, file, keptAs };
}

const counted = (n: number): string => (n === 1 ? '1 entry' : `${n} entries`);

async function adoptLegacyLedger(redis: RedisClient, prefix: string, scope: string, logger: Logger): Promise<void> {
  const entries = await adoptLegacyRedisLedger(redis, prefix, scope);
  if (entries > 0)
    logger.warn(
      { from: legacyRedisLedgerKey(prefix, scope), redisKey: redisLedgerKey(prefix, scope), entries },
      `the ledger of this store moves under its key prefix: ${counted(entries)} taken over from ${legacyRedisLedgerKey(prefix, scope)}`,
    );
}

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
