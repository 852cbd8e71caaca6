/**
 * What `GET /api/batches/{id}/notifications` and `POST /api/notifications/test` answer
 * (notify-api.ts). Shared by the server and the page; type-only, importing nothing of Node.
 */
import type { Channel, DeliveryView, TestResult } from '../../notify/delivery-view.ts';

export interface NotificationsAnswer {
  batchId: string;
  /** The channels set up for the store; none: no notification is sent. */
  channels: Channel[];
  notifications: DeliveryView[];
}

export interface NotifyTestAnswer {
  results: TestResult[];
}
