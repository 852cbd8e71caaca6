/**
 * The queue's modules (BullMQ, ioredis: sync/queue/index.ts), loaded when a command first uses
 * Redis: the one place the app loads them, so `validate` or an import in the local mode never
 * pays for them at start-up (bench/startup.ts).
 */
export const loadQueue = () => import('../sync/queue/index.ts');
