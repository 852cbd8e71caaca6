/**
 * The store's row queue (BullMQ), as every process opens it: the same options everywhere, since
 * each Queue writes its options to the queue's meta key and the last writer's stay.
 */
import { Queue } from 'bullmq';
import { bullConnection, type RedisTarget } from './connection.ts';
import { QUEUE_NAME } from './keys.ts';

/**
 * Events BullMQ keeps in the queue's stream (`<prefix>:rows:events`); BullMQ's default is 10,000,
 * about 1 MB that stays after every batch. Nothing in catalog-sync reads the stream (waitForBatch
 * reads the batch's counters; bull-board reads the jobs), so a short one is kept.
 */
const EVENTS_KEPT = 500;

export function rowQueue(target: RedisTarget): Queue {
  return new Queue(QUEUE_NAME, {
    connection: bullConnection(target),
    prefix: target.prefix,
    streams: { events: { maxLen: EVENTS_KEPT } },
  });
}
