/**
 * The notifications' API (README, "Notifications"): where each notification of a batch stands,
 * and a test notification sent now on every configured channel. Behind the login like every
 * /api route (server.ts); nothing here shows a URL, a secret or a mail login.
 */
import type { FastifyInstance } from 'fastify';
import type { Notifier } from '../notify/notifier.ts';
import { isValidBatchId } from '../sync/batch-id.ts';

export function registerNotifyApi(app: FastifyInstance, notifier: Notifier): void {
  app.get<{ Params: { id: string } }>('/api/batches/:id/notifications', async (request, reply) => {
    const id = request.params.id;
    if (!isValidBatchId(id)) return reply.code(400).send({ error: `"${id.slice(0, 100)}" is not a batch id` });
    return { batchId: id, channels: notifier.channels, notifications: await notifier.ofBatch(id) };
  });

  app.post('/api/notifications/test', async (_request, reply) => {
    if (notifier.channels.length === 0)
      return reply.code(409).send({ error: 'no notification is set up: set NOTIFY_WEBHOOK_URL or SMTP_URL' });
    return { results: await notifier.test() };
  });
}
