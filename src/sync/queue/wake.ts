/**
 * How a job added in one process wakes the workers of its queue in another (issue 41): a worker
 * process runs a store's BullMQ workers only while their queue has work (lazy-workers.ts), so an
 * idle store holds no connection and runs no timer. Whoever adds a job publishes the queue's name
 * on its store's channel; each worker process listens on one connection of its own for the stores
 * it serves. Pub/sub keeps nothing: a message sent while a listener reconnects is lost, and the
 * lazy workers' sweep finds the job instead.
 */
import type { RedisClient } from '../../redis.ts';

/** The channel of the store at `prefix` (keys.ts storePrefix): its hash tag keeps it with the store's keys. */
export function wakeChannel(prefix: string): string {
  return `${prefix}:wake`;
}

/** The store prefix of a wakeChannel, or null for another channel. */
export function prefixOfChannel(channel: string): string | null {
  return channel.endsWith(':wake') ? channel.slice(0, -':wake'.length) : null;
}

/**
 * Tells the workers of the queue `queue` of the store at `prefix`, wherever they run, that it has a
 * job now. A message that cannot be sent is left to the sweep: the job is on the queue already.
 */
export async function wakeWorkers(redis: RedisClient, prefix: string, queue: string): Promise<void> {
  try {
    await redis.publish(wakeChannel(prefix), queue);
  } catch {
    // The sweep finds the job within its round.
  }
}
