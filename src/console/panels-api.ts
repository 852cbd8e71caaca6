/**
 * The API behind the page's three panels (README, "Console"): schedules (with "run now"), the
 * drop folder (read-only) and the store. Behind the login like every /api route (server.ts).
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { StoreError } from '../store/errors.ts';
import { dropView } from './drop-panel.ts';
import { ScheduleFilesError, type SchedulePanel } from './schedules.ts';
import { storeView, type StoreRateNow } from './store-panel.ts';
import type { StoreApi } from '../store/types.ts';

export interface PanelDeps {
  schedules: SchedulePanel;
  dropDir: string;
  /** The console's store client (its requests counted in /metrics). */
  store: StoreApi;
  rate: () => Promise<StoreRateNow>;
}

/**
 * Answers 502 when the store does not answer (its messages name no credential), 422 when a job
 * file cannot be read (its message names the file and key).
 */
function answerError(error: unknown): { code: number; error: string } | null {
  if (error instanceof StoreError) return { code: 502, error: `the store did not answer: ${error.message}` };
  if (error instanceof ScheduleFilesError) return { code: 422, error: error.message };
  return null;
}

export function registerPanelsApi(app: FastifyInstance, deps: PanelDeps): void {
  const guarded = async <T>(reply: FastifyReply, work: () => Promise<T>): Promise<T | FastifyReply> => {
    try {
      return await work();
    } catch (error) {
      const answer = answerError(error);
      if (!answer) throw error;
      return reply.code(answer.code).send({ error: answer.error });
    }
  };

  app.get('/api/schedules', async (_request, reply) => guarded(reply, () => deps.schedules.view()));

  app.post<{ Params: { name: string } }>('/api/schedules/:name/run', async (request, reply) => {
    let batchId: string | null;
    try {
      batchId = await deps.schedules.runNow(request.params.name);
    } catch (error) {
      const answer = answerError(error);
      if (!answer) throw error;
      return reply.code(answer.code).send({ error: answer.error });
    }
    if (batchId === null)
      return reply
        .code(404)
        .send({ error: `no job named "${request.params.name.slice(0, 64)}" (see GET /api/schedules)` });
    return reply.code(202).send({ batchId });
  });

  app.get('/api/drop', async () => dropView(deps.dropDir));

  app.get('/api/store', async (_request, reply) => guarded(reply, () => storeView(deps.store, deps.rate)));
}
