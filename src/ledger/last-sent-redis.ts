/**
 * The last values sent, for a store whose ledger is in Redis: the hash
 * `<QUEUE_PREFIX>:{<scope>}:last-sent` (in the store's hash slot, beside its ledger), a product's
 * fields as JSON under its ledger key. A record reads the fields a product has and writes them
 * merged; two batches confirming the same product at the same instant may leave one's fields
 * (the product's next confirmation writes them again): this feeds a preview's "before" and the
 * guard's price check, which asks a person, so it costs no round trip in a transaction.
 */
import type { RedisClient } from '../redis.ts';
import { scopeKeyPrefix } from '../store/identity.ts';
import type { LastSent, SentValues } from './last-sent.ts';

export function lastSentKey(prefix: string, scope: string): string {
  return `${scopeKeyPrefix(prefix, scope)}:last-sent`;
}

/** Keys asked of Redis in one command. */
const CHUNK = 1000;

export class RedisLastSent implements LastSent {
  private readonly key: string;

  constructor(
    private readonly redis: RedisClient,
    prefix: string,
    scope: string,
  ) {
    this.key = lastSentKey(prefix, scope);
  }

  async getMany(keys: readonly string[]): Promise<(SentValues | undefined)[]> {
    const out: (SentValues | undefined)[] = [];
    for (let i = 0; i < keys.length; i += CHUNK) {
      const texts = await this.redis.hmget(this.key, ...keys.slice(i, i + CHUNK));
      for (const text of texts) out.push(parseValues(text));
    }
    return out;
  }

  async record(entries: ReadonlyArray<readonly [string, SentValues]>): Promise<void> {
    for (let i = 0; i < entries.length; i += CHUNK) {
      const chunk = entries.slice(i, i + CHUNK);
      const before = await this.getMany(chunk.map(([key]) => key));
      const merged = new Map<string, Record<string, unknown>>();
      chunk.forEach(([key, values], j) => {
        merged.set(key, { ...(merged.get(key) ?? before[j] ?? {}), ...values });
      });
      const args = [...merged].flatMap(([key, values]) => [key, JSON.stringify(values)]);
      await this.redis.hset(this.key, ...args);
    }
  }

  async forget(keys: readonly string[]): Promise<void> {
    for (let i = 0; i < keys.length; i += CHUNK) await this.redis.hdel(this.key, ...keys.slice(i, i + CHUNK));
  }

  /** Every product's values, a page of the hash at a time (when the ledger moves back to its file). */
  async *entries(): AsyncIterable<readonly [string, SentValues]> {
    let cursor = '0';
    do {
      const [next, flat] = await this.redis.hscan(this.key, cursor, 'COUNT', CHUNK);
      cursor = next;
      for (let i = 0; i + 1 < flat.length; i += 2) {
        const values = parseValues(flat[i + 1]!);
        if (values) yield [flat[i]!, values];
      }
    } while (cursor !== '0');
  }

  size(): Promise<number> {
    return this.redis.hlen(this.key);
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}

function parseValues(text: string | null): SentValues | undefined {
  if (text === null) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' ? (value as SentValues) : undefined;
  } catch {
    return undefined;
  }
}
