/** Command-line flag values the commands share: a bad one exits 2 naming the flag, the value and what is allowed. */
import { Option } from 'commander';
import type { Transport } from '../app.ts';
import { ExitError } from './context.ts';

/** A whole number >= min. */
export function whole(flag: string, value: string, min: number): number {
  const n = Number(value);
  if (value.trim() === '' || !Number.isInteger(n) || n < min)
    throw new ExitError(2, `${flag} must be a whole number >= ${min}, got "${value}"`);
  return n;
}

/** `--queue local|redis`, as import, schedule run and rerun take it. */
export const queueOption = (): Option =>
  new Option(
    '--queue <transport>',
    'local (in-process) or redis (BullMQ workers); default redis when REDIS_URL is set',
  ).choices(['local', 'redis']);

/** `--wait`: with the queue, queue even when no worker serves it (else the command says so and exits 2). */
export const WAIT_FLAG = [
  '--wait',
  'with the queue: queue the rows and wait for a worker even when none is running now',
] as const;

/** Where a command's rows run: --queue, else the queue when REDIS_URL is set. */
export function transportOf(queue: 'local' | 'redis' | undefined, redisUrl: string | undefined): Transport {
  const chosen = queue ?? (redisUrl ? 'redis' : 'local');
  if (chosen === 'redis' && !redisUrl)
    throw new ExitError(2, 'configuration error: --queue redis needs REDIS_URL (or --redis-url)');
  return chosen === 'redis' ? 'queue' : 'local';
}
