/**
 * `POST /api/batches/{id}/reconcile`: what `catalog-sync reconcile <batch>` does, for the shop
 * operator who has no terminal. The batch's creates whose answer was lost are judged by its
 * categories' product counts, on the store's own app (its client, its ledger); `dryRun` says what
 * would change and changes nothing. Answered in the request's language (reconcile-view.ts).
 */
import { join } from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { messageText } from '../messages/index.ts';
import { OtherStoreError } from '../sync/batch-store.ts';
import { ReconcileError } from '../sync/reconcile/batch-folder.ts';
import { batchOr404, type BatchParams } from './batch-route.ts';
import { deskOf } from './desks.ts';
import { reconcileAnswer } from './reconcile-view.ts';
import { RequestError } from './request-error.ts';
import { requestLang } from './request-lang.ts';
import { storeRefusalText } from './store-refusal.ts';

/**
 * Report folders being reconciled now: two runs on one batch would both rewrite its report. One
 * set for the process, as the route is served under `/api` and `/api/stores/{id}` alike and
 * stores may share a report folder.
 */
const busy = new Set<string>();

export function registerReconcileApi(app: FastifyInstance): void {
  app.post<{ Params: BatchParams }>('/batches/:id/reconcile', async (request, reply) => {
    const view = await batchOr404(request, reply);
    if (!view) return reply;
    const dryRun = dryRunOf(request);
    // As the CLI, which finds no report of a batch that has not ended.
    const lang = requestLang(request);
    const batch = { batch: view.batchId };
    if (view.status !== 'done') {
      const key = view.status === 'failed' ? 'reconcile.refused.no_report' : 'reconcile.refused.not_ended';
      return reply.code(409).send({ error: messageText(key, batch, lang) });
    }
    const desk = deskOf(request);
    const dir = join(desk.reportDir, view.batchId);
    if (busy.has(dir)) return reply.code(409).send({ error: messageText('reconcile.refused.busy', batch, lang) });
    busy.add(dir);
    try {
      const report = await desk.reconcile(dir, dryRun);
      if (!dryRun) desk.board.reread(view.batchId);
      return reconcileAnswer(report, lang);
    } catch (error) {
      if (error instanceof ReconcileError) return reply.code(409).send({ error: error.message });
      // Consoles of several stores may share a report folder: only this store's batches are settled here.
      if (error instanceof OtherStoreError)
        return reply.code(409).send({
          error: storeRefusalText(error, 'reconcile', view.batchId, desk.board.store, request),
          batchStore: error.batchStore,
          store: desk.board.store,
        });
      throw error;
    } finally {
      busy.delete(dir);
    }
  });
}

/** `dryRun` from the query string or a JSON body (true or "true"); anything but true or false is a 400. */
function dryRunOf(request: FastifyRequest): boolean {
  const fromBody = (request.body as { dryRun?: unknown } | null | undefined)?.dryRun;
  const fromQuery = (request.query as { dryRun?: unknown } | undefined)?.dryRun;
  const value = fromBody ?? fromQuery ?? false;
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  throw new RequestError(400, `dryRun: expected true or false, got ${JSON.stringify(value).slice(0, 20)}`);
}
