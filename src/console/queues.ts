/**
 * /queues: bull-board, the BullMQ dashboard engineers already know, over the stores' sync queues.
 * Mounted only with REDIS_URL, inside the console's Fastify, so the same login and the same
 * Origin check guard it; it is the agency login's alone (server.ts): it shows Redis-wide figures
 * and edits jobs, which is the engineer's business, not a store's. Each store served adds its
 * queue while it is served; with a stores file each is named after its store (`<id>:rows`).
 */
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter } from '@bull-board/fastify';
import type { FastifyInstance } from 'fastify';
import { closeBull, type RedisTarget } from '../sync/queue/connection.ts';
import { rowQueue } from '../sync/queue/row-queue.ts';

export const QUEUES_PATH = '/queues';

export interface StoreQueue {
  /** Row jobs waiting (for the queue-depth metric). */
  waiting(): Promise<number>;
  /** Off the board, and its connection closed. */
  close(): Promise<void>;
}

export interface QueueBoard {
  /** Shows a store's sync queue; `label`: the store's id, or null for a console of one store. */
  add(target: RedisTarget, label: string | null): StoreQueue;
}

export async function mountQueues(app: FastifyInstance): Promise<QueueBoard> {
  const serverAdapter = new FastifyAdapter();
  serverAdapter.setBasePath(QUEUES_PATH);
  const board = createBullBoard({ queues: [], serverAdapter });
  await app.register(serverAdapter.registerPlugin(), { prefix: QUEUES_PATH });
  return {
    add(target, label) {
      const queue = rowQueue(target);
      const adapter = new BullMQAdapter(queue, label === null ? {} : { prefix: `${label}:`, displayName: label });
      board.addQueue(adapter);
      return {
        waiting: () => queue.getWaitingCount(),
        close: async () => {
          board.removeQueue(adapter);
          await closeBull(queue);
        },
      };
    },
  };
}
