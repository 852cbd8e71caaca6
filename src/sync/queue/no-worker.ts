/**
 * Rows on the queue are synced only by `worker` processes: a command that queues a batch while
 * none serves the queue would wait forever. Kept apart from workers.ts so that the CLI can tell
 * this error without loading BullMQ.
 */
export class NoWorkerError extends Error {
  override readonly name = 'NoWorkerError';
  constructor(readonly prefix: string) {
    super(
      `no worker serves the queue (prefix "${prefix}" on REDIS_URL), so nothing was queued. Start one: catalog-sync worker (Docker: docker compose up -d worker); or sync in this process: --queue local; or queue the rows and wait for a worker: --wait`,
    );
  }
}
