/**
 * Rows on the queue are synced only by `worker` processes: a command that queues a batch while
 * none serves the queue would wait forever. Kept apart from workers.ts so that the CLI can tell
 * this error without loading BullMQ.
 */
import { describeStore, type StoreIdentity } from '../../store/identity.ts';

export class NoWorkerError extends Error {
  override readonly name = 'NoWorkerError';
  constructor(readonly store: StoreIdentity) {
    super(
      `no worker serves the queue of ${describeStore(store)} on REDIS_URL, so nothing was queued. Start one with this store's STORE_URL and STORE_EMAIL: catalog-sync worker (Docker: docker compose up -d worker); or sync in this process: --queue local; or queue the rows and wait for a worker: --wait`,
    );
  }
}

/** What `watch` says at start and for each file while no worker serves the store's queue. */
export function noWorkerForWatch(store: StoreIdentity): string {
  return `no worker serves the queue of ${describeStore(store)} on REDIS_URL: dropped files are queued and wait in processing/ until one starts. Start one with this store's STORE_URL and STORE_EMAIL: catalog-sync worker (Docker: docker compose up -d worker)`;
}
