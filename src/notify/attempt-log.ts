/**
 * What each delivery attempt leaves behind, the same for both deliverers: one log line (the
 * notification, the attempt, what came back, when the next try is; never a secret or the webhook
 * URL, whose query may hold a token) and one count for /metrics.
 */
import type { Logger } from '../log.ts';
import type { AttemptResult } from './attempt.ts';
import type { Channel, DeliveryState } from './delivery-view.ts';
import type { Notification } from './notification.ts';

/** One attempt as /metrics counts it (`result`: delivered, retrying, given_up). */
export interface AttemptCount {
  channel: Channel;
  result: Exclude<DeliveryState, 'pending'>;
}

export type AttemptListener = (count: AttemptCount) => void;

export interface AttemptRecord {
  notification: Notification;
  /** 1 for the first attempt. */
  attempt: number;
  result: AttemptResult;
  state: Exclude<DeliveryState, 'pending'>;
  nextAttemptAt: number | null;
}

export function logAttempt(logger: Logger, record: AttemptRecord, listener?: AttemptListener): void {
  const { notification: n, attempt, result, state } = record;
  const fields = {
    notification: n.id,
    channel: n.channel,
    event: n.event.type,
    attempt,
    result: result.detail,
    ...(record.nextAttemptAt !== null ? { nextAttemptAt: new Date(record.nextAttemptAt).toISOString() } : {}),
  };
  if (state === 'delivered') logger.info(fields, 'notification delivered');
  else if (state === 'retrying') logger.warn(fields, 'notification attempt failed; tried again later');
  else logger.error(fields, 'notification given up: every attempt failed');
  listener?.({ channel: n.channel, result: state });
}
