/**
 * The notifications' API (README, "Notifications"): where each notification of a batch stands,
 * and a test notification sent now on every configured channel. Behind the login like every
 * /api route (server.ts), each of one store (scope.ts) with its own notifier; nothing here shows
 * a URL, a secret or a mail login.
 */
import type { FastifyInstance } from 'fastify';
import { isValidBatchId } from '../sync/batch-id.ts';
import type { NotificationsAnswer, NotifyTestAnswer } from './answers/notifications.ts';
import { deskOf } from './desks.ts';

/** Routes relative to the store's scope (scope.ts), as api.ts's. */
export function registerNotifyApi(app: FastifyInstance): void {
  app.get<{ Params: { id: string } }>('/batches/:id/notifications', async (request, reply) => {
    const id = request.params.id;
    if (!isValidBatchId(id)) return reply.code(400).send({ error: `"${id.slice(0, 100)}" is not a batch id` });
    const { board, notifier } = deskOf(request);
    const notifications = await notifier.ofBatch(id);
    // A batch that could not run has notifications and may have no report; one the store's board
    // does not know and its notifier has nothing of is no batch here (another store's, say): 404,
    // as the batch's other routes answer.
    if (notifications.length === 0 && !(await board.get(id))) return reply.code(404).send({ error: `no batch ${id}` });
    return { batchId: id, channels: notifier.channels, notifications } satisfies NotificationsAnswer;
  });

  app.post('/notifications/test', async (request, reply) => {
    const { notifier } = deskOf(request);
    if (notifier.channels.length === 0)
      return reply.code(409).send({ error: 'no notification is set up: set NOTIFY_WEBHOOK_URL or SMTP_URL' });
    return { results: await notifier.test() } satisfies NotifyTestAnswer;
  });
}
