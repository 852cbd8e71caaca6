/**
 * /queues: bull-board, the BullMQ dashboard engineers already know, over the sync queue. Mounted
 * only with REDIS_URL, inside the console's Fastify, so the same login (token or session) and the
 * same Origin check guard it.
 */
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter } from '@bull-board/fastify';
import type { FastifyInstance } from 'fastify';
import { closeBull, type RedisTarget } from '../sync/queue/connection.ts';
import { rowQueue } from '../sync/queue/row-queue.ts';

export const QUEUES_PATH = '/queues';

export interface MountedQueues {
  /** Row jobs waiting (for the queue-depth metric). */
  waiting(): Promise<number>;
  close(): Promise<void>;
}

export async function mountQueues(app: FastifyInstance, target: RedisTarget): Promise<MountedQueues> {
  const queue = rowQueue(target);
  const serverAdapter = new FastifyAdapter();
  serverAdapter.setBasePath(QUEUES_PATH);
  createBullBoard({ queues: [new BullMQAdapter(queue)], serverAdapter });
  await app.register(serverAdapter.registerPlugin(), { prefix: QUEUES_PATH });
  return {
    waiting: () => queue.getWaitingCount(),
    close: () => closeBull(queue),
  };
}
