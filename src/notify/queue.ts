/**
 * The notifications with Redis: a BullMQ queue of their own (`notify`) under the store's key
 * prefix, beside its rows, batches and schedules, so they survive any process's restart and any
 * process of the store (a worker, the watcher, the console) delivers them. A job is one
 * notification, its id the notification's (a batch reported twice queues it once); BullMQ retries
 * a failed attempt on the schedule of retry.ts and hands a killed process's attempt to another.
 * Where each delivery stands is kept per batch (`<prefix>:notify-state:<batch>`) for the console.
 * A job holds what to say, never where or how: the URL, the secret and the mail login stay in the
 * delivering process's settings.
 */
import { Queue, Worker, type Job } from 'bullmq';
import type { RedisClient } from '../redis.ts';
import type { Logger } from '../log.ts';
import { IDLE_WAIT_SECONDS, bullConnection, closeBull, type RedisTarget } from '../sync/queue/connection.ts';
import { lazyWorker, type LazyWorker } from '../sync/queue/lazy-workers.ts';
import { onBullError } from '../sync/queue/redis-outage.ts';
import { logAttempt, type AttemptListener } from './attempt-log.ts';
import { batchOf } from './event.ts';
import type { DeliveryView } from './delivery-view.ts';
import { attemptDelivery, type Notification } from './notification.ts';
import { maxAttempts, RETRY_DELAYS_MS, retryDelay } from './retry.ts';
import type { NotifySettings } from './settings.ts';

export const NOTIFY_QUEUE = 'notify';

/** How long a notification's job and state stay in Redis once it is delivered or given up. */
const KEEP_SECONDS = 7 * 24 * 3600;

export type NotifyQueueDeps = RedisTarget & {
  /** A plain connection for the state hashes (the app's). */
  redis: RedisClient;
  settings: NotifySettings;
  logger: Logger;
  clock?: () => number;
  /** @defaultValue RETRY_DELAYS_MS */
  delays?: readonly number[];
  onAttempt?: AttemptListener;
  /** How long an attempt stays locked without a heartbeat before another process takes it. @defaultValue 30000 */
  lockDurationMs?: number;
  /** @defaultValue 15000 */
  stalledIntervalMs?: number;
};

export function notifyStateKey(prefix: string, batchId: string): string {
  return `${prefix}:notify-state:${batchId}`;
}

export class NotifyQueue {
  private queue: Queue | null = null;
  /** Delivering here: a BullMQ worker while the queue has jobs (sync/queue/lazy-workers.ts). */
  private worker: LazyWorker | null = null;
  private readonly clock: () => number;
  private readonly delays: readonly number[];

  constructor(private readonly deps: NotifyQueueDeps) {
    this.clock = deps.clock ?? Date.now;
    this.delays = deps.delays ?? RETRY_DELAYS_MS;
  }

  async add(notifications: readonly Notification[]): Promise<void> {
    const queue = this.openQueue();
    const now = new Date(this.clock()).toISOString();
    for (const notification of notifications) {
      const batchId = batchOf(notification.event);
      if (batchId !== null) {
        const view: DeliveryView = {
          id: notification.id,
          channel: notification.channel,
          type: notification.event.type,
          batchId,
          state: 'pending',
          attempts: 0,
          nextAttemptAt: now,
          lastError: null,
          deliveredAt: null,
          createdAt: now,
        };
        const key = notifyStateKey(this.deps.prefix, batchId);
        // A batch reported twice keeps the state its notification has come to.
        await this.deps.redis
          .multi()
          .hsetnx(key, notification.id, JSON.stringify(view))
          .expire(key, KEEP_SECONDS)
          .exec();
      }
      await queue.add(notification.event.type, notification, {
        jobId: notification.id,
        attempts: maxAttempts(this.delays),
        backoff: { type: 'notify' },
        removeOnComplete: { age: KEEP_SECONDS },
        removeOnFail: { age: KEEP_SECONDS },
      });
    }
    this.worker?.wake();
  }

  async ofBatch(batchId: string): Promise<DeliveryView[]> {
    const all = await this.deps.redis.hgetall(notifyStateKey(this.deps.prefix, batchId));
    return Object.values(all)
      .map((text) => JSON.parse(text) as DeliveryView)
      .sort((a, b) => a.id.localeCompare(b.id));
  }

  /**
   * Delivers the store's notifications from this process too, until close: a worker runs while
   * the queue has a job (now or due soon), so an idle store's holds no connection or timer.
   */
  start(): Promise<void> {
    this.worker ??= lazyWorker(this.deps.redis, this.deps.prefix, NOTIFY_QUEUE, () => this.newWorker());
    return Promise.resolve();
  }

  private newWorker(): Worker {
    const worker = new Worker(NOTIFY_QUEUE, (job: Job) => this.deliver(job), {
      connection: bullConnection(this.deps),
      prefix: this.deps.prefix,
      concurrency: 4,
      lockDuration: this.deps.lockDurationMs ?? 30_000,
      stalledInterval: this.deps.stalledIntervalMs ?? 15_000,
      drainDelay: IDLE_WAIT_SECONDS,
      // A process killed mid-attempt leaves its job stalled: it is tried again, not failed.
      maxStalledCount: 1000,
      settings: { backoffStrategy: (attemptsMade: number) => retryDelay(attemptsMade, this.delays) ?? 0 },
    });
    onBullError(worker, this.deps.logger, 'notification worker');
    return worker;
  }

  async close(): Promise<void> {
    if (this.worker) await this.worker.close();
    if (this.queue) await closeBull(this.queue);
    this.worker = null;
    this.queue = null;
  }

  private openQueue(): Queue {
    if (!this.queue) {
      this.queue = new Queue(NOTIFY_QUEUE, {
        connection: bullConnection(this.deps),
        prefix: this.deps.prefix,
      });
      onBullError(this.queue, this.deps.logger, 'notification queue');
    }
    return this.queue;
  }

  /** One attempt; a failure throws, and BullMQ tries again after the schedule's wait. */
  private async deliver(job: Job): Promise<void> {
    const notification = job.data as Notification;
    const batchId = batchOf(notification.event);
    const key = batchId === null ? null : notifyStateKey(this.deps.prefix, batchId);
    const earlier = key === null ? null : await this.deps.redis.hget(key, notification.id);
    const before = earlier ? (JSON.parse(earlier) as DeliveryView) : null;
    // A worker killed after recording a failed attempt, before BullMQ counted it, leaves the job
    // stalled with attemptsMade unchanged: the count recorded is the one the receiver saw.
    const attempt = Math.max(job.attemptsMade, before?.attempts ?? 0) + 1;
    const result = await attemptDelivery(notification, this.deps.settings, this.clock());
    const now = this.clock();
    const delay = result.ok ? null : retryDelay(attempt, this.delays);
    const state = result.ok ? 'delivered' : delay === null ? 'given_up' : 'retrying';
    const nextAttemptAt = delay === null ? null : now + delay;
    if (batchId !== null && key !== null) {
      const view: DeliveryView = {
        id: notification.id,
        channel: notification.channel,
        type: notification.event.type,
        batchId,
        state,
        attempts: attempt,
        nextAttemptAt: nextAttemptAt === null ? null : new Date(nextAttemptAt).toISOString(),
        lastError: result.ok ? (before?.lastError ?? null) : result.detail,
        deliveredAt: result.ok ? new Date(now).toISOString() : null,
        createdAt: before?.createdAt ?? new Date(job.timestamp).toISOString(),
      };
      await this.deps.redis.multi().hset(key, notification.id, JSON.stringify(view)).expire(key, KEEP_SECONDS).exec();
    }
    logAttempt(this.deps.logger, { notification, attempt, result, state, nextAttemptAt }, this.deps.onAttempt);
    if (!result.ok) throw new Error(result.detail);
  }
}
