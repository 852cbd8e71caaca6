/**
 * The ledger in Redis, beside the queue: one hash per store and vendor account under the store's
 * key prefix (`<prefix>:{<scope>}:ledger`, in the store's hash slot on a Redis Cluster), field =
 * ledger key, value = the entry (entry.ts) but its undo steps, which are in a second hash
 * (`…:ledger:undo`, the same field, the steps as JSON): a planner reads every row's record and
 * none of its steps, and a reply carries no text the read does not parse. Lookups are HMGET in
 * chunks, pipelined, so 100,000 rows cost about a hundred round trips. Every write of a record
 * (setMany, deleteMany, a queue worker's) is made by the one Lua of script-writes.ts.
 */
import type { RedisClient } from '../redis.ts';
import { scopeKeyPrefix } from '../store/identity.ts';
import { callToken } from '../store/rate-gate/call-token.ts';
import { LuaScript } from '../store/rate-gate/lua-script.ts';
import type { Ledger, LedgerEntry, ProductEntry, ProductRecords, RecordPart, ScriptWrites } from './ledger.ts';
import { ENTRY_SEPARATOR, encodeEntry, parseEntry, stepsOf } from './entry.ts';
import { isSecondKey, PRODUCT_KEY_PREFIX, productIdOfKey } from './links.ts';
import { LEDGER_WRITES } from './script-writes.ts';

const CHUNK = 1_000;

/**
 * A plan's read of a chunk of records: their texts joined by ENTRY_SEPARATOR (an absent record
 * is an empty text) in one reply. The guard reads every row's record before a sync; one reply a
 * chunk, not one a record, spares the reply parser and a string conversion per record (the Redis
 * row of bench/RESULTS.md `one-plan`). KEYS: the ledger hash. ARGV: the fields.
 */
const READ_JOINED = new LuaScript(
  `
local values = redis.call('HMGET', KEYS[1], unpack(ARGV))
for i = 1, #ARGV do
  if not values[i] then values[i] = '' end
end
return table.concat(values, ARGV_SEPARATOR)
`.replace('ARGV_SEPARATOR', JSON.stringify(ENTRY_SEPARATOR)),
);

/**
 * A claim that knows its own: ioredis sends a command again after a reconnect when its reply was
 * lost (a Redis restart right after it ran), and a plain HSETNX sent twice finds the entry its
 * first run wrote and reads it as another attempt's, so a create that was never sent ended
 * `unknown`. The claimer's token is kept beside the entry for a while; the same call run again
 * finds its own token and has the claim.
 * A claimed key's record starts with no undo steps.
 * KEYS: the ledger hash, the claim's token key, the undo steps' hash. ARGV: field, entry, token,
 * token lifetime (ms). Returns nil when the claim is this call's, else the entry held.
 */
const CLAIM = new LuaScript(`
if redis.call('HSETNX', KEYS[1], ARGV[1], ARGV[2]) == 1 then
  redis.call('HDEL', KEYS[3], ARGV[1])
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

/** The hashes beside a store's ledger hash (`key`): a record's undo steps, the linked records' second keys. */
export const LEDGER_SIDE_HASHES = [':undo', ':linked'] as const;

export class RedisLedger implements Ledger, ProductRecords {
  private readonly hash: string;
  /** The keys that are a linked record's second key (links.ts isSecondKey), for known(). */
  private readonly seconds: string;
  /** Each record's undo steps (JSON), by its key, when it has any. */
  private readonly steps: string;

  /** `redis` is the caller's connection; close() leaves it open. */
  constructor(
    private readonly redis: RedisClient,
    prefix: string,
    scope: string,
  ) {
    this.hash = redisLedgerKey(prefix, scope);
    this.seconds = `${this.hash}:linked`;
    this.steps = `${this.hash}:undo`;
  }

  async getMany(keys: readonly string[], part: RecordPart = 'whole'): Promise<(LedgerEntry | undefined)[]> {
    if (keys.length === 0) return [];
    if (part === 'plan') return this.planRecords(keys);
    const pipeline = this.redis.pipeline();
    for (let i = 0; i < keys.length; i += CHUNK) {
      pipeline.hmget(this.hash, ...keys.slice(i, i + CHUNK));
      if (part === 'whole') pipeline.hmget(this.steps, ...keys.slice(i, i + CHUNK));
    }
    const replies = (await pipeline.exec()) ?? [];
    const out: (LedgerEntry | undefined)[] = [];
    for (let r = 0; r < replies.length; r += part === 'whole' ? 2 : 1) {
      const values = repliedValues(replies[r]);
      const steps = part === 'whole' ? repliedValues(replies[r + 1]) : null;
      for (let i = 0; i < values.length; i++) out.push(withStepsOf(values[i], steps?.[i]));
    }
    return out;
  }

  /** The records without their undo steps: one joined reply a chunk (READ_JOINED). */
  private async planRecords(keys: readonly string[]): Promise<(LedgerEntry | undefined)[]> {
    const chunks: Promise<unknown>[] = [];
    for (let i = 0; i < keys.length; i += CHUNK)
      chunks.push(READ_JOINED.run(this.redis, [this.hash], keys.slice(i, i + CHUNK)));
    const out: (LedgerEntry | undefined)[] = [];
    for (const joined of await Promise.all(chunks)) {
      if (typeof joined !== 'string') throw new Error('the ledger answered a read of its records with no text');
      for (const text of joined.split(ENTRY_SEPARATOR)) out.push(text === '' ? undefined : parseEntry(text, 'plan'));
    }
    if (out.length !== keys.length)
      throw new Error(`the ledger answered ${out.length} records for ${keys.length} keys`);
    return out;
  }

  setMany(entries: ReadonlyArray<readonly [string, LedgerEntry]>): Promise<void> {
    return this.write(entries);
  }

  /** The arguments of script-writes.ts's Lua for these writes (an entry, or null to forget the key). */
  scriptWrites(writes: ReadonlyArray<readonly [string, LedgerEntry | null]>): ScriptWrites {
    const args = [String(writes.length)];
    for (const [key, entry] of writes) {
      if (entry === null) args.push(key, '', '', '0');
      else
        args.push(
          key,
          encodeEntry({ ...entry, u: undefined }),
          entry.u === undefined ? '' : JSON.stringify(entry.u),
          isSecondKey(key, entry) ? '1' : '0',
        );
    }
    return { keys: [this.hash, this.steps, this.seconds], args };
  }

  async claim(key: string, entry: LedgerEntry): Promise<LedgerEntry | null> {
    const held = await CLAIM.run(
      this.redis,
      [this.hash, `${this.hash}:claim:${key}`, this.steps],
      [key, encodeEntry({ ...entry, u: undefined }), callToken(), CLAIM_TOKEN_MS],
    );
    return typeof held === 'string' ? (parseEntry(held) ?? entry) : null;
  }

  deleteMany(keys: readonly string[]): Promise<void> {
    return this.write(keys.map((key) => [key, null] as const));
  }

  /**
   * Through the script the queue worker's record makes its writes with (script-writes.ts): one
   * writer of the layout, not a second one here. A chunk a call, each whole, one after another: a
   * call Redis did not know the script for is sent again (LuaScript), and must not land after a
   * later chunk that writes the same key.
   */
  private async write(writes: ReadonlyArray<readonly [string, LedgerEntry | null]>): Promise<void> {
    for (let i = 0; i < writes.length; i += CHUNK) {
      const { keys, args } = this.scriptWrites(writes.slice(i, i + CHUNK));
      await LEDGER_WRITES.run(this.redis, [...keys], [...args]);
    }
  }

  async known(): Promise<number> {
    const replies = (await this.redis.pipeline().hlen(this.hash).hlen(this.seconds).exec()) ?? [];
    const counts = replies.map(([error, count]) => {
      if (error) throw error;
      return Number(count);
    });
    return (counts[0] ?? 0) - (counts[1] ?? 0);
  }

  /** Every entry held, whole, read with HSCAN a chunk at a time. */
  async *all(): AsyncIterable<readonly [string, LedgerEntry]> {
    for await (const chunk of this.scan(null)) yield* chunk;
  }

  /** Every record with a product_id, whole: HSCAN of the product keys, a chunk of entries in memory at a time. */
  async *products(): AsyncIterable<ProductEntry> {
    for await (const chunk of this.scan(`${PRODUCT_KEY_PREFIX}*`))
      for (const [key, entry] of chunk) {
        const id = productIdOfKey(key);
        if (id !== null) yield { id, entry };
      }
  }

  /** The hash's entries a chunk at a time (HSCAN with `match`), each with its undo steps. */
  private async *scan(match: string | null): AsyncIterable<(readonly [string, LedgerEntry])[]> {
    let cursor = '0';
    do {
      const [next, fields] =
        match === null
          ? await this.redis.hscan(this.hash, cursor, 'COUNT', CHUNK)
          : await this.redis.hscan(this.hash, cursor, 'MATCH', match, 'COUNT', CHUNK);
      cursor = next;
      const keys = fields.filter((_, i) => i % 2 === 0);
      const steps = keys.length === 0 ? [] : await this.redis.hmget(this.steps, ...keys);
      const chunk: (readonly [string, LedgerEntry])[] = [];
      for (let i = 0; i < keys.length; i++) {
        const entry = withStepsOf(fields[2 * i + 1], steps[i]);
        if (entry) chunk.push([keys[i]!, entry]);
      }
      yield chunk;
    } while (cursor !== '0');
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}

function repliedValues(reply: [Error | null, unknown] | undefined): (string | null)[] {
  if (!reply) return [];
  if (reply[0]) throw reply[0];
  return reply[1] as (string | null)[];
}

/** A record read from its hash, with its undo steps when read whole (`steps` given, null: none). */
function withStepsOf(value: string | null | undefined, steps: string | null | undefined): LedgerEntry | undefined {
  const entry = value == null ? undefined : parseEntry(value);
  if (entry !== undefined && steps != null) {
    const u = stepsOf(steps);
    if (u !== undefined) entry.u = u;
  }
  return entry;
}
