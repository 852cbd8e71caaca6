/**
 * What the console shows of the notifications: each notification of a batch with where its
 * delivery stands, a test notification sent on each channel, and /metrics counting the attempts.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { readEvents, sheetForm, startConsoleWorld, type ConsoleWorld } from '../console/helpers.ts';
import { newSecret, startReceiver, type Receiver } from './helpers.ts';
import { SHEET } from './world.ts';
import { until } from '../helpers/until.ts';

let world: ConsoleWorld | null = null;
let receiver: Receiver | null = null;
afterEach(async () => {
  await world?.close();
  await receiver?.close();
  world = null;
  receiver = null;
});

describe('console notifications', () => {
  it("shows a batch's notification as delivered, sends a test one, and counts both in /metrics", async () => {
    const secret = newSecret();
    receiver = await startReceiver(secret);
    world = await startConsoleWorld({ env: { NOTIFY_WEBHOOK_URL: receiver.url, NOTIFY_WEBHOOK_SECRET: secret } });
    const res = await world.api('/api/batches', {
      method: 'POST',
      body: sheetForm('products.csv', `${SHEET.join('\n')}\n`),
    });
    expect(res.status).toBe(202);
    const { batchId } = (await res.json()) as { batchId: string };
    await readEvents(world, batchId);
    await receiver.nth(1);

    const states = async () =>
      (await (await world!.api(`/api/batches/${batchId}/notifications`)).json()) as {
        notifications: { state: string }[];
      };
    // The receiver has answered; the outbox records it a moment later.
    await until(async () => (await states()).notifications[0]?.state === 'delivered', 'the delivered state');
    expect(await states()).toEqual({
      batchId,
      channels: ['webhook'],
      notifications: [
        expect.objectContaining({
          channel: 'webhook',
          type: 'batch.finished',
          state: 'delivered',
          attempts: 1,
          nextAttemptAt: null,
        }),
      ],
    });

    const test = await world.api('/api/notifications/test', { method: 'POST' });
    expect(test.status).toBe(200);
    expect(await test.json()).toEqual({ results: [{ channel: 'webhook', ok: true, detail: 'HTTP 204' }] });
    expect(JSON.parse(receiver.deliveries[1]!.body)).toMatchObject({ type: 'notification.test' });
    expect(receiver.deliveries[1]!.verified).toBe(true);

    const metrics = await (await world.api('/metrics')).text();
    expect(metrics).toContain('catalog_sync_notifications_total{channel="webhook",result="delivered"} 2');
    expect(await (await world.api('/api/batches/not%20an%20id/notifications')).json()).toEqual({
      error: '"not an id" is not a batch id',
    });
  });

  it('says when no notification is set up', async () => {
    world = await startConsoleWorld();
    const test = await world.api('/api/notifications/test', { method: 'POST' });
    expect(test.status).toBe(409);
    expect(await test.json()).toEqual({ error: 'no notification is set up: set NOTIFY_WEBHOOK_URL or SMTP_URL' });
    // A batch the store does not know, with no notification of it, is no batch here (another store's, say).
    const unknown = await world.api('/api/batches/20261126-101010-abc123/notifications');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: 'no batch 20261126-101010-abc123' });
  });
});
