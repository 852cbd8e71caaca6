/**
 * The API behind the page's three panels (README, "Console"): schedules (with "run now"), the
 * drop folder (read-only) and the store. Behind the login like every /api route (server.ts), each
 * of one store (scope.ts): its jobs folder, its drop folder, its store.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { StoreError } from '../store/errors.ts';
import { deskOf } from './desks.ts';
import { dropView } from './drop-panel.ts';
import { storeView } from './store-panel.ts';
import type { BatchStarted } from './answers/batch.ts';

/**
 * Answers 502 when the store does not answer (its messages name no credential). A job file that
 * does not check is no error of the panel: GET /schedules lists it as skipped.
 */
function answerError(error: unknown): { code: number; error: string } | null {
  if (error instanceof StoreError) return { code: 502, error: `the store did not answer: ${error.message}` };
  return null;
}

/** Routes relative to the store's scope (scope.ts), as api.ts's. */
export function registerPanelsApi(app: FastifyInstance): void {
  const guarded = async <T>(reply: FastifyReply, work: () => Promise<T>): Promise<T | FastifyReply> => {
    try {
      return await work();
    } catch (error) {
      const answer = answerError(error);
      if (!answer) throw error;
      return reply.code(answer.code).send({ error: answer.error });
    }
  };

  app.get('/schedules', async (request, reply) => guarded(reply, () => deskOf(request).panels.schedules.view()));

  app.post<{ Params: { name: string } }>('/schedules/:name/run', async (request, reply) => {
    let batchId: string | null;
    try {
      batchId = await deskOf(request).panels.schedules.runNow(request.params.name);
    } catch (error) {
      const answer = answerError(error);
      if (!answer) throw error;
      return reply.code(answer.code).send({ error: answer.error });
    }
    if (batchId === null)
      return reply
        .code(404)
        .send({ error: `no job named "${request.params.name.slice(0, 64)}" (see GET /api/schedules)` });
    return reply.code(202).send({ batchId } satisfies BatchStarted);
  });

  app.get('/drop', async (request) => dropView(deskOf(request).panels.dropDir));

  app.get('/store', async (request, reply) => {
    const { panels } = deskOf(request);
    return guarded(reply, () => storeView(panels.store, panels.rate));
  });
}
