/**
 * The queue's entry points (BullMQ on Redis). Loaded as one module, on first use (app/queue.ts):
 * a command that never touches Redis never loads BullMQ or ioredis.
 */
export { bullConnection, closeBull, openRedis } from './connection.ts';
export { enqueueSync } from './enqueue.ts';
export { listBatches, waitForBatch } from './wait.ts';
export { startSyncWorker } from './worker.ts';
export { requireWorker, workersServing } from './workers.ts';
export { storePrefixesWithBatches } from './store-queues.ts';
