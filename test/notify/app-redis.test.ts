/**
 * The notifications with Redis: a queued batch's end is said by the worker that writes its
 * report, once (not also by the command that queued it); the store's `notify` queue retries a
 * failed attempt on its schedule (a short one here) and keeps where each delivery stands.
 */
import { Queue } from 'bullmq';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/log.ts';
import { NOTIFY_QUEUE, NotifyQueue, notifyStateKey } from '../../src/notify/queue.ts';
import { storeIdentityOf } from '../../src/store/identity.ts';
import { storePrefix } from '../../src/sync/queue/keys.ts';
import { SHEET, startNotifyWorld, type NotifyWorld } from './world.ts';
import { withRedis } from '../sync/helpers/queue-world.ts';
import { startBaseWorld } from '../helpers/base-world.ts';
import { finishedEvent, webhookOf } from './events.ts';
import { newSecret, startReceiver, type Receiver } from './helpers.ts';
import { until } from '../helpers/until.ts';
import { REDIS_URL } from '../helpers/redis-url.ts';

let world: NotifyWorld | null = null;
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await world?.close();
  world = null;
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('a queued batch', () => {
  it('is said once, by the worker that writes its report, and a second report run queues nothing more', async () => {
    world = await startNotifyWorld({ redis: true });
    const { app } = world;
    const worker = await app.startWorker();
    cleanups.push(() => worker.close());
    await worker.ready();
    const notifier = await app.notifier();
    await notifier.startDelivery();
    const file = await world.sheet('products.csv', SHEET);
    const summary = await app.runBatch({ file }, { transport: 'redis', waitForWorker: true });

    const delivery = await world.receiver.nth(1);
    expect(delivery.verified).toBe(true);
    expect(JSON.parse(delivery.body)).toMatchObject({
      type: 'batch.finished',
      data: { batchId: summary.batchId, status: 'needs_fix' },
    });
    await world.mail.nth(1);

    const prefix = storePrefix(world.queuePrefix!, storeIdentityOf(app.config));
    const queue = new Queue(NOTIFY_QUEUE, { connection: { url: REDIS_URL }, prefix });
    cleanups.push(() => queue.close());
    await until(async () => (await queue.getJobCounts('completed')).completed === 2, 'both notifications completed');
    // The worker's report job running again (a worker stopped after writing it) finds the same summary.
    await notifier.batchFinished(summary);
    expect(await queue.getJobCounts('completed', 'waiting', 'delayed', 'active', 'failed')).toEqual({
      completed: 2,
      waiting: 0,
      delayed: 0,
      active: 0,
      failed: 0,
    });
    expect((await notifier.ofBatch(summary.batchId)).map((s) => [s.channel, s.state, s.attempts])).toEqual([
      ['email', 'delivered', 1],
      ['webhook', 'delivered', 1],
    ]);
    expect(world.receiver.deliveries).toHaveLength(1);
    expect(world.mail.mails).toHaveLength(1);
  });
});

describe('the notify queue', () => {
  it('fails twice, then delivers once: the same webhook-id, the waits of its schedule between', async () => {
    const base = withRedis(await startBaseWorld({ name: 'notify-queue', redis: true }));
    cleanups.push(() => base.close());
    const { redis, prefix } = base;
    const secret = newSecret();
    const receiver: Receiver = await startReceiver(secret, (n) => (n < 2 ? 500 : 204));
    cleanups.push(() => receiver.close());
    const queue = new NotifyQueue({
      redisUrl: REDIS_URL,
      prefix,
      redis,
      settings: { webhook: { url: receiver.url, secret }, email: null, lang: null, consoleUrl: null },
      logger: createLogger({ level: 'silent' }),
      delays: [200, 600],
    });
    cleanups.push(() => queue.close());
    await queue.start();
    await queue.add([webhookOf(finishedEvent({ batchId: 'B-retry' }))]);
    await receiver.nth(3);
    await until(async () => (await queue.ofBatch('B-retry'))[0]?.state === 'delivered', 'the delivered state');

    expect(receiver.deliveries.map((d) => d.status)).toEqual([500, 500, 204]);
    expect(receiver.deliveries.every((d) => d.verified && d.headers['webhook-id'] === 'B-retry.finished.webhook')).toBe(
      true,
    );
    const [first, second, third] = receiver.deliveries.map((d) => d.at);
    // BullMQ never starts a retry before its wait: lower bounds only (a loaded machine is slower).
    expect(second! - first!).toBeGreaterThanOrEqual(200);
    expect(third! - second!).toBeGreaterThanOrEqual(600);
    expect(await queue.ofBatch('B-retry')).toEqual([
      expect.objectContaining({ state: 'delivered', attempts: 3, lastError: 'HTTP 500', nextAttemptAt: null }),
    ]);
    expect(await redis.ttl(notifyStateKey(prefix, 'B-retry'))).toBeGreaterThan(0);
  });
});
