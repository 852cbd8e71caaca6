/**
 * The ledger in Redis, beside the queue: one hash per store and vendor account under the store's
 * key prefix (`<prefix>:{<scope>}:ledger`, in the store's hash slot on a Redis Cluster), field =
 * ledger key, value = the entry (entry.ts). Lookups are HMGET in chunks, pipelined, so 100,000
 * rows cost about a hundred round trips.
 */
import { isCluster, type RedisClient } from '../redis.ts';
import { scopeKeyPrefix } from '../store/identity.ts';
import { callToken } from '../store/rate-gate/call-token.ts';
import { LuaScript } from '../store/rate-gate/lua-script.ts';
import type { Ledger, LedgerEntry } from './ledger.ts';
import { encodeEntry, parseEntry } from './entry.ts';

const CHUNK = 1_000;

/**
 * A claim that knows its own: ioredis sends a command again after a reconnect when its reply was
 * lost (a Redis restart right after it ran), and a plain HSETNX sent twice finds the entry its
 * first run wrote and reads it as another attempt's, so a create that was never sent ended
 * `unknown`. The claimer's token is kept beside the entry for a while; the same call run again
 * finds its own token and has the claim.
 * KEYS: the ledger hash, the claim's token key. ARGV: field, entry, token, token lifetime (ms).
 * Returns nil when the claim is this call's, else the entry held.
 */
const CLAIM = new LuaScript(`
if redis.call('HSETNX', KEYS[1], ARGV[1], ARGV[2]) == 1 then
  redis.call('SET', KEYS[2], ARGV[3], 'PX', ARGV[4])
  return false
end
if redis.call('GET', KEYS[2]) == ARGV[3] then return false end
return redis.call('HGET', KEYS[1], ARGV[1])
`);

/**
 * How long a claim's token is kept: longer than a Redis restart and ioredis's reconnect take, and
 * short, as each create leaves one small key behind for that long (at 640 creates a second, about
 * 77,000 keys). A call sent again later than this finds the claim foreign: `unknown`, never sent.
 */
const CLAIM_TOKEN_MS = 2 * 60_000;

export function redisLedgerKey(prefix: string, scope: string): string {
  return `${scopeKeyPrefix(prefix, scope)}:ledger`;
}

/** Where versions before the hash tag kept it, outside the store's hash slot. */
export function legacyRedisLedgerKey(prefix: string, scope: string): string {
  return `${prefix}:ledger:${scope}`;
}

/**
 * Moves the old hash to the new key in one step (RENAME is atomic on one server; merged entry by
 * entry, the new key's entry standing, should both exist) and leaves a text in the old key's
 * place, from then on whether the old hash existed or not: a process of an earlier version, whose
 * ledger reads and claims go to the old key, then fails each row unsent on WRONGTYPE, instead of
 * finding nothing there and creating again. Returns the entries moved; 0 once the note is there.
 * KEYS: the old hash, the new one. ARGV: the note.
 */
const ADOPT = new LuaScript(`
local kind = redis.call('TYPE', KEYS[1]).ok
if kind ~= 'hash' and kind ~= 'none' then return 0 end
local moved = 0
if kind == 'hash' then
  if redis.call('EXISTS', KEYS[2]) == 0 then
    moved = redis.call('HLEN', KEYS[1])
    redis.call('RENAME', KEYS[1], KEYS[2])
  else
    local all = redis.call('HGETALL', KEYS[1])
    for i = 1, #all, 2 do moved = moved + redis.call('HSETNX', KEYS[2], all[i], all[i + 1]) end
    redis.call('DEL', KEYS[1])
  end
end
redis.call('SET', KEYS[1], ARGV[1])
return moved
`);

/**
 * Takes a store's ledger over from where an earlier version kept it (legacyRedisLedgerKey), once:
 * returns the entries moved. Not on a Redis Cluster: no earlier version ran on one, and the old
 * key is in another hash slot.
 */
export async function adoptLegacyRedisLedger(redis: RedisClient, prefix: string, scope: string): Promise<number> {
  if (isCluster(redis)) return 0;
  const key = redisLedgerKey(prefix, scope);
  const note = `catalog-sync: this store's ledger moved to ${key}; a catalog-sync process still using this key is of an earlier version: upgrade it`;
  return Number(await ADOPT.run(redis, [legacyRedisLedgerKey(prefix, scope), key], [note]));
}

export class RedisLedger implements Ledger {
  private readonly hash: string;

  /** `redis` is the caller's connection; close() leaves it open. */
  constructor(
    private readonly redis: RedisClient,
    prefix: string,
    scope: string,
  ) {
    this.hash = redisLedgerKey(prefix, scope);
  }

  async getMany(keys: readonly string[]): Promise<(LedgerEntry | undefined)[]> {
    if (keys.length === 0) return [];
    const pipeline = this.redis.pipeline();
    for (let i = 0; i < keys.length; i += CHUNK) pipeline.hmget(this.hash, ...keys.slice(i, i + CHUNK));
    const replies = (await pipeline.exec()) ?? [];
    const out: (LedgerEntry | undefined)[] = [];
    for (const [error, values] of replies) {
      if (error) throw error;
      for (const value of values as (string | null)[]) out.push(value === null ? undefined : parseEntry(value));
    }
    return out;
  }

  async setMany(entries: ReadonlyArray<readonly [string, LedgerEntry]>): Promise<void> {
    if (entries.length === 0) return;
    const pipeline = this.redis.pipeline();
    for (let i = 0; i < entries.length; i += CHUNK) {
      const fields = entries.slice(i, i + CHUNK).flatMap(([key, entry]) => [key, encodeEntry(entry)]);
      pipeline.hset(this.hash, ...fields);
    }
    await execOrThrow(pipeline.exec());
  }

  async claim(key: string, entry: LedgerEntry): Promise<LedgerEntry | null> {
    const held = await CLAIM.run(
      this.redis,
      [this.hash, `${this.hash}:claim:${key}`],
      [key, encodeEntry(entry), callToken(), CLAIM_TOKEN_MS],
    );
    return typeof held === 'string' ? (parseEntry(held) ?? entry) : null;
  }

  async deleteMany(keys: readonly string[]): Promise<void> {
    if (keys.length === 0) return;
    const pipeline = this.redis.pipeline();
    for (let i = 0; i < keys.length; i += CHUNK) pipeline.hdel(this.hash, ...keys.slice(i, i + CHUNK));
    await execOrThrow(pipeline.exec());
  }

  /** Every entry held, read with HSCAN a chunk at a time. */
  async *all(): AsyncIterable<readonly [string, LedgerEntry]> {
    let cursor = '0';
    do {
      const [next, fields] = await this.redis.hscan(this.hash, cursor, 'COUNT', CHUNK);
      cursor = next;
      for (let i = 0; i + 1 < fields.length; i += 2) {
        const entry = parseEntry(fields[i + 1]!);
        if (entry) yield [fields[i]!, entry];
      }
    } while (cursor !== '0');
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}

async function execOrThrow(result: Promise<[Error | null, unknown][] | null>): Promise<void> {
  for (const [error] of (await result) ?? []) if (error) throw error;
}
