/**
 * Who serves the queue now. BullMQ names every worker's Redis connection after its queue, so
 * Redis's client list says how many workers are connected, wherever they run: an `import` that
 * would otherwise wait forever for none can say so at once.
 */
import { Queue } from 'bullmq';
import { bullConnection, type RedisTarget } from './connection.ts';
import { QUEUE_NAME } from './keys.ts';

export async function workersServing(target: RedisTarget): Promise<number> {
  const queue = new Queue(QUEUE_NAME, { connection: bullConnection(target.redisUrl), prefix: target.prefix });
  try {
    return await queue.getWorkersCount();
  } finally {
    await queue.close();
  }
}
