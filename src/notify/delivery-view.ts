/**
 * What the console shows of a store's notifications, and the words it is made of: type-only and
 * free of Node, so the page reads the server's own types (src/console/answers/notifications.ts).
 */
import type { AttemptResult } from './attempt.ts';

export type Channel = 'webhook' | 'email';

export type EventType = 'batch.finished' | 'batch.failed' | 'schedule.failed' | 'notification.test';

export type DeliveryState = 'pending' | 'retrying' | 'delivered' | 'given_up';

/** What the console shows of one notification. */
export interface DeliveryView {
  id: string;
  channel: Channel;
  type: EventType;
  batchId: string | null;
  state: DeliveryState;
  attempts: number;
  /** When the next attempt is due (pending, retrying). */
  nextAttemptAt: string | null;
  lastError: string | null;
  deliveredAt: string | null;
  createdAt: string;
}

/** A test notification's attempt on one channel. */
export interface TestResult extends AttemptResult {
  channel: Channel;
}
