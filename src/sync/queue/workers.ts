/**
 * Who serves the queue now. BullMQ names every worker's Redis connection after its queue, so
 * Redis's client list says how many workers are connected, wherever they run: a command that
 * would otherwise wait forever for none can say so at once. A `worker` process's row worker runs
 * only while its store has rows (lazy-workers.ts): the app asks its heartbeat first
 * (app/leases/serving.ts) and passes that count to requireWorker.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { closeBull, type RedisTarget } from './connection.ts';
import { rowQueue } from './row-queue.ts';
import { NoWorkerError } from './no-worker.ts';
import type { StoreIdentity } from '../../store/identity.ts';

/** How long to look before saying none serves: one may be starting or reconnecting. */
const WORKER_LOOK_MS = 3_000;
const WORKER_POLL_MS = 500;

export async function workersServing(target: RedisTarget): Promise<number> {
  const queue = rowQueue(target);
  try {
    return await queue.getWorkersCount();
  } finally {
    await closeBull(queue);
  }
}

/**
 * Resolves once a worker serves the store's queue (`count`: how many do; default: BullMQ's
 * connected workers); NoWorkerError when none has after a few seconds.
 */
export async function requireWorker(
  target: RedisTarget,
  store: StoreIdentity,
  count: () => Promise<number> = () => workersServing(target),
): Promise<void> {
  for (let waited = 0; (await count()) === 0; waited += WORKER_POLL_MS) {
    if (waited >= WORKER_LOOK_MS) throw new NoWorkerError(store);
    await sleep(WORKER_POLL_MS);
  }
}
