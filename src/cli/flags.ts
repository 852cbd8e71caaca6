/** Command-line flag values the commands share: a bad one exits 2 naming the flag, the value and what is allowed. */
import { Option } from 'commander';
import type { Transport } from '../app.ts';
import type { RedisServer } from '../redis.ts';
import { ExitError } from './context.ts';
import { EXIT } from './exit-codes.ts';

/** A whole number >= min. */
export function whole(flag: string, value: string, min: number): number {
  const n = Number(value);
  if (value.trim() === '' || !Number.isInteger(n) || n < min)
    throw new ExitError(EXIT.notStarted, `${flag} must be a whole number >= ${min}, got "${value}"`);
  return n;
}

/** `--queue local|redis`, as import, schedule run and rerun take it. */
export const queueOption = (): Option =>
  new Option(
    '--queue <transport>',
    'local (in this process) or redis (BullMQ workers); default redis when REDIS_URL is set',
  ).choices(['local', 'redis']);

/** `--wait`: with the queue, queue even when no worker serves it (else the command says so and exits 2). */
export const WAIT_FLAG = [
  '--wait',
  'with the queue: queue the rows and wait for a worker even when none is running now',
] as const;

/** Where a command's rows run: --queue, else the queue when Redis is configured (src/redis.ts redisServerOf). */
export function transportOf(queue: 'local' | 'redis' | undefined, redis: RedisServer | null): Transport {
  const chosen = queue ?? (redis ? 'redis' : 'local');
  if (chosen === 'redis' && !redis)
    throw new ExitError(EXIT.notStarted, 'configuration error: --queue redis needs REDIS_URL (or --redis-url)');
  return chosen;
}

/**
 * `--store-check on|off`, as rerun and reconcile take it: `off` accepts a report written before
 * batches recorded their store, on the person's word that it went to the configured store. A
 * report naming another store is refused either way.
 */
export const storeCheckOption = (): Option =>
  new Option(
    '--store-check <on|off>',
    "off: accept a report that does not say which store it went to (an earlier version's), as this store's; another store's batch is refused either way",
  )
    .choices(['on', 'off'])
    .default('on');

/** What a refused report's message tells the person to do. */
export const STORE_CHECK_OVERRIDE = 'if it did go to this store, run the command again with --store-check=off';

/** How a command run now queues: --queue, and --wait for a worker. */
export interface QueueFlags {
  queue?: 'local' | 'redis';
  wait?: boolean;
}
