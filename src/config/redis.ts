/** Redis settings: one server or a cluster, and the prefix of the queue's keys. */
import { z } from 'zod';
import { positiveInt } from './numbers.ts';

/** One node of a Redis Cluster, as REDIS_CLUSTER_NODES lists it. */
export interface RedisNode {
  host: string;
  port: number;
}

/**
 * REDIS_CLUSTER_NODES: `host:port,host:port,...`, some of the cluster's nodes (ioredis finds the
 * rest). An IPv6 address goes in brackets: `[::1]:7000`.
 */
const redisClusterNodes = z
  .string()
  .trim()
  .min(1, 'is empty')
  .transform((value, ctx) => {
    const nodes: RedisNode[] = [];
    for (const entry of value.split(',').map((part) => part.trim())) {
      const match = /^(\[[0-9A-Fa-f:.]+\]|[^\s:/@[\]]+):(\d{1,5})$/.exec(entry);
      const port = Number(match?.[2]);
      if (!match || port < 1 || port > 65_535) {
        ctx.addIssue({
          code: 'custom',
          message: `"${entry}" is not host:port (expected the cluster's nodes, e.g. 10.0.0.1:7000,10.0.0.2:7000,10.0.0.3:7000)`,
        });
        return z.NEVER;
      }
      nodes.push({ host: match[1]!.replace(/^\[(.*)\]$/, '$1'), port });
    }
    return nodes;
  });

export const redisSettings = {
  redisUrl: z
    .string()
    .trim()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  /** A Redis Cluster instead of one server (REDIS_URL): src/redis.ts. */
  redisClusterNodes: redisClusterNodes.optional(),
  queuePrefix: z.string().regex(/^[A-Za-z0-9_.:-]+$/, 'may hold only letters, digits and _ . : -'),
  /** How many worker processes serve each store of a stores file at a time (src/app/leases). */
  storeWorkers: positiveInt('worker processes per store').max(100, 'must be at most 100'),
  /**
   * How long a worker's heartbeat lives (src/app/leases/workers.ts): a killed worker's stores are
   * taken over within this and a third of it more. Shorter takes over sooner but a worker whose
   * Redis answers slowly for that long loses its stores.
   */
  workerLeaseMs: positiveInt('milliseconds')
    .min(1_000, 'must be at least 1000 (a worker renews it every third of it)')
    .max(600_000, 'must be at most 600000 (10 minutes)'),
};

export const REDIS_ENV = {
  redisUrl: 'REDIS_URL',
  redisClusterNodes: 'REDIS_CLUSTER_NODES',
  queuePrefix: 'QUEUE_PREFIX',
  storeWorkers: 'STORE_WORKERS',
  workerLeaseMs: 'WORKER_LEASE_MS',
} as const satisfies Record<keyof typeof redisSettings, string>;

type RedisSettings = z.infer<z.ZodObject<typeof redisSettings>>;

/**
 * Refused rather than one winning: a process on the other Redis would keep another ledger and
 * another rate for the same store, and nothing would say so.
 */
export function redisTogether(
  settings: RedisSettings,
  refuse: (setting: keyof RedisSettings, message: string) => void,
): void {
  if (settings.redisUrl && settings.redisClusterNodes)
    refuse(
      'redisClusterNodes',
      'is set together with REDIS_URL: set one of them (REDIS_URL for one Redis server, REDIS_CLUSTER_NODES for a Redis Cluster)',
    );
}
