/**
 * The events the notify tests hand to what they test, each from a whole set of facts about one
 * store's batch or schedule, so a test names only the facts it asserts on.
 */
import {
  batchFailed,
  batchFinished,
  eventStore,
  scheduleFailed,
  type FailedBatchFacts,
  type FailedScheduleFacts,
  type NotifyEvent,
} from '../../src/notify/event.ts';
import { notificationId, type Notification } from '../../src/notify/notification.ts';
import { emptyCounts } from '../../src/outcome.ts';
import type { BatchSummary } from '../../src/report/summary.ts';

export const STORE = { url: 'https://api.shop.example', account: 'ops@shop.example', name: 'riyadh-perfumes' };

/** A batch of STORE's that created its 2 rows. */
export function finishedEvent(some: Partial<BatchSummary> = {}): NotifyEvent {
  const summary: BatchSummary = {
    batchId: '20261126-101010-abc123',
    store: STORE,
    source: 'products.csv',
    file: 'products.csv',
    kind: 'products',
    total: 2,
    counts: { ...emptyCounts(), created: 2 },
    startedAt: '2026-11-26T10:10:10.000Z',
    finishedAt: '2026-11-26T10:12:00.000Z',
    rate: 5,
    reportDir: '/nowhere',
    ...some,
  };
  return batchFinished(summary, [], eventStore(STORE));
}

/** A batch of STORE's that could not run: the store refused the login. */
export const failedEvent = (some: Partial<FailedBatchFacts> = {}): NotifyEvent =>
  batchFailed(
    {
      batchId: 'b1',
      source: 'products.xlsx',
      file: '/home/me/products.xlsx',
      startedAt: '2026-11-26T10:00:00.000Z',
      finishedAt: '2026-11-26T10:00:01.000Z',
      error: { code: 'INVALID_CREDENTIALS', message: 'authorize: the store refused the login' },
      ...some,
    },
    eventStore(STORE),
  );

/** The scheduled sync `nightly` that could not fetch its sheet: HTTP 404. */
export const scheduleFailedEvent = (some: Partial<FailedScheduleFacts> = {}): NotifyEvent => {
  const error = { code: 'download_failed', message: 'HTTP 404' };
  return scheduleFailed(
    { job: 'nightly', source: 'https://x.example/a.csv', at: '2026-11-26T02:00:00.000Z', error, ...some },
    eventStore(STORE),
  );
};

/** The event as a webhook to deliver, in English, for the store named Shop. */
export function webhookOf(event: NotifyEvent): Notification {
  return {
    id: notificationId(event, 'webhook'),
    channel: 'webhook',
    event,
    lang: 'en',
    storeName: 'Shop',
    failedCsv: null,
  };
}
