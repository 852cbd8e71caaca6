/**
 * The last values sent move with the ledger (open.ts): into Redis when it takes a file ledger
 * over, and back into the file with `ledger move-to-file`, so a preview's "before" and the guard
 * still know what was sent. As with the ledger, nothing is deleted: the old copy is renamed.
 */
import { rename } from 'node:fs/promises';
import type { RedisClient } from '../redis.ts';
import { FileLastSent, lastSentFileOf } from './last-sent-file.ts';
import { RedisLastSent, lastSentKey } from './last-sent-redis.ts';
import type { SentValues } from './last-sent.ts';
import { exists } from './take-over.ts';

const CHUNK = 1_000;

/**
 * Copies the values kept beside the file ledger at `ledgerFile` that Redis lacks (for a product
 * both hold, Redis's stand: it answered last), then renames the file `<file>.moved`.
 */
export async function lastSentIntoRedis(ledgerFile: string, target: RedisLastSent): Promise<number> {
  const source = lastSentFileOf(ledgerFile);
  if (!(await exists(source))) return 0;
  const all = [...(await new FileLastSent(source).merged())];
  let copied = 0;
  for (let i = 0; i < all.length; i += CHUNK) {
    const chunk = all.slice(i, i + CHUNK);
    const held = await target.getMany(chunk.map(([key]) => key));
    const missing = chunk.filter((_, j) => held[j] === undefined);
    await target.record(missing);
    copied += missing.length;
  }
  await rename(source, `${source}.moved`);
  return copied;
}

/**
 * Appends Redis's values to the file beside the ledger (a later line wins: Redis's stand), then
 * renames the hash `<prefix>:{<scope>}:last-sent-moved-to-file`.
 */
export async function lastSentIntoFile(
  redis: RedisClient,
  prefix: string,
  scope: string,
  ledgerFile: string,
): Promise<number> {
  const source = new RedisLastSent(redis, prefix, scope);
  const target = new FileLastSent(lastSentFileOf(ledgerFile));
  let copied = 0;
  let chunk: (readonly [string, SentValues])[] = [];
  for await (const entry of source.entries()) {
    chunk.push(entry);
    if (chunk.length < CHUNK) continue;
    await target.record(chunk);
    copied += chunk.length;
    chunk = [];
  }
  await target.record(chunk);
  copied += chunk.length;
  await target.close();
  const key = lastSentKey(prefix, scope);
  if ((await redis.exists(key)) === 1) await redis.rename(key, `${key}-moved-to-file`);
  return copied;
}
