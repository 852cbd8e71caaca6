/**
 * A worker process for crash tests: the same startSyncWorker the CLI runs, with short lock times
 * so a killed worker's rows are taken over quickly. Configured by environment; prints "ready".
 * LAZY=1 runs it as `worker` does (sync/queue/lazy-workers.ts).
 */
import { createStoreClient } from '../../../src/store/index.ts';
import { startSyncWorker } from '../../../src/sync/index.ts';
import { RedisRateGate } from '../../../src/store/rate-gate/redis.ts';
import { engineKeys } from '../../../src/sync/queue/keys.ts';
import { openRedis } from '../../../src/sync/queue/connection.ts';

const env = process.env;
const redisUrl = env.REDIS_URL!;
const prefix = env.QUEUE_PREFIX!;
const rate = Number(env.RATE ?? 10_000);
const redis = openRedis({ redisUrl });
const client = createStoreClient(
  {
    storeUrl: env.STORE_URL!,
    storeEmail: env.STORE_EMAIL!,
    storePassword: env.STORE_PASSWORD!,
    rate,
    categoriesMethod: 'POST',
    requestTimeoutMs: 5000,
    connectTimeoutMs: 2000,
  },
  {
    gate: new RedisRateGate({
      redis,
      prefix: engineKeys(prefix).gate,
      rate,
      ...(env.MARGIN_MS ? { marginMs: Number(env.MARGIN_MS) } : {}),
    }),
    backoff: { baseMs: 20, capMs: 200 },
  },
);
const worker = startSyncWorker({
  redisUrl,
  prefix,
  client,
  concurrency: Number(env.CONCURRENCY ?? 4),
  lockDurationMs: Number(env.LOCK_MS ?? 1500),
  stalledIntervalMs: Number(env.STALLED_MS ?? 500),
  // LAZY=1: as `worker` runs it, its BullMQ worker only while the queue has jobs.
  ...(env.LAZY === '1' ? { shared: redis, lazy: true } : {}),
});
await worker.ready();
process.stdout.write('ready\n');
const stop = async () => {
  await worker.close();
  await redis.quit();
  process.exit(0);
};
process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());
