/**
 * One log line when a process loses Redis and one when it has it back, however many connections
 * notice (a worker holds several of its own and BullMQ holds more, and each retries every few
 * hundred ms): without a listener ioredis and BullMQ print a stack trace per connection and retry.
 * The state is per process and per Redis address, which is what the log lines speak for; only the
 * host and port are logged (a URL may carry a password).
 */
import type { Logger } from '../../log.ts';
import type { RedisClient } from '../../redis.ts';

interface Outage {
  since: number;
  /** Our connections that failed and are not ready again. */
  down: Set<RedisClient>;
}

const outages = new Map<string, Outage>();

/** Error codes that mean the connection, not a command, failed. */
const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH']);

export function isConnectionError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as NodeJS.ErrnoException).code;
  return (
    (code !== undefined && CONNECTION_CODES.has(code)) || /connection is closed|connect E|read E/i.test(error.message)
  );
}

/**
 * Redis did not answer this time, which says nothing of the batch: a connection error, a reply
 * that the cluster is moving (CLUSTERDOWN, TRYAGAIN, MOVED, ASK, LOADING, READONLY, MASTERDOWN) or
 * ioredis giving up on one ("Too many Cluster redirections", "Failed to refresh slots cache").
 * Asking again later answers.
 */
export function isRedisUnanswered(error: unknown): boolean {
  if (isConnectionError(error)) return true;
  if (!(error instanceof Error)) return false;
  return (
    /^(CLUSTERDOWN|TRYAGAIN|MOVED|ASK|LOADING|READONLY|MASTERDOWN)\b/.test(error.message) ||
    /Too many Cluster redirections|Failed to refresh slots cache|None of startup nodes is available|Cluster isn't ready/i.test(
      error.message,
    ) ||
    error.name === 'ClusterAllFailedError' ||
    error.name === 'MaxRetriesPerRequestError'
  );
}

/**
 * Watches one of our ioredis connections (to a server or a cluster, named by `address`, which
 * holds no password): its errors open (once) the address's outage, and when every connection that
 * failed is ready again the outage is closed, with one line each.
 */
export function watchRedis<T extends RedisClient>(redis: T, address: string, logger: Logger): T {
  redis.on('error', (error: Error) => {
    let outage = outages.get(address);
    if (!outage) {
      outage = { since: Date.now(), down: new Set() };
      outages.set(address, outage);
      const code = (error as NodeJS.ErrnoException).code ?? error.message;
      logger.warn(
        { redis: address, code },
        `Redis at ${address} is unreachable (${code}); waiting for it (nothing is lost: work resumes when it is back)`,
      );
    }
    outage.down.add(redis);
  });
  redis.on('ready', () => {
    const outage = outages.get(address);
    if (!outage || !outage.down.delete(redis) || outage.down.size > 0) return;
    outages.delete(address);
    const seconds = ((Date.now() - outage.since) / 1000).toFixed(1);
    logger.warn(
      { redis: address, downSeconds: Number(seconds) },
      `Redis at ${address} is reachable again after ${seconds} s`,
    );
  });
  // Closed for good (quit): it no longer keeps the outage open, and says nothing of Redis being back.
  redis.on('end', () => {
    const outage = outages.get(address);
    if (outage?.down.delete(redis) && outage.down.size === 0) outages.delete(address);
  });
  return redis;
}

/**
 * For BullMQ's queues and workers, whose connections are their own: connection errors are the
 * outage our connections already report (logged at debug); any other error is logged as one.
 */
export function onBullError(
  emitter: { on(event: 'error', listener: (error: Error) => void): unknown },
  logger: Logger,
  what: string,
): void {
  emitter.on('error', (error: Error) => {
    if (isConnectionError(error)) logger.debug({ err: error }, `${what}: Redis connection error`);
    else logger.warn({ err: error }, `${what}: error`);
  });
}
