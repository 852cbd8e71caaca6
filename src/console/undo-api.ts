/**
 * `POST /api/batches/{id}/undo`: what `catalog-sync undo <batch>` does, for the shop operator
 * who has no terminal. `dryRun: true` answers what it would put back, product by product and
 * field by field, and what it leaves alone and why, sending nothing; without it the undo starts
 * as a batch of its own (202 with its id), held by the guard like any sheet (409 with the
 * guard's reasons) unless `confirm`. `include` (product_ids) and `includeChanged` put back
 * products changed since by a later batch. Texts in the request's language.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { planUndoOf, UndoError, undoRequest, writeUndoLeft } from '../app/undo.ts';
import type { UndoOptions, UndoPlan } from '../sync/undo/plan.ts';
import { batchOr404, type BatchParams } from './batch-route.ts';
import { deskOf } from './desks.ts';
import { guardSheet } from './guard-check.ts';
import { RequestError } from './request-error.ts';
import { requestLang } from './request-lang.ts';
import type { UndoAnswer } from './answers/undo.ts';
import { undoPlanView } from './undo-view.ts';

interface UndoBody {
  dryRun: boolean;
  confirm: boolean;
  options: Omit<UndoOptions, 'hiddenStatus'>;
}

export function registerUndoApi(app: FastifyInstance): void {
  app.post<{ Params: BatchParams }>('/batches/:id/undo', async (request, reply) => {
    const view = await batchOr404(request, reply);
    if (!view) return reply;
    if (view.status !== 'done')
      return reply.code(409).send({ error: `batch ${view.batchId} is ${view.status}: undo it once it ends` });
    const desk = deskOf(request);
    if (desk.records === null)
      return reply.code(409).send({ error: 'this console keeps no records of the store: nothing can be undone' });
    const body = undoBody(request);
    const lang = requestLang(request);
    let plan: UndoPlan;
    try {
      plan = await planUndoOf(desk.records, view.batchId, { ...body.options, hiddenStatus: desk.hiddenStatus });
    } catch (error) {
      if (error instanceof UndoError) return reply.code(409).send({ error: error.message });
      throw error;
    }
    const answer = undoPlanView(plan, lang, view.columns ?? {});
    if (body.dryRun) return { ...answer, dryRun: true, batchId: null } satisfies UndoAnswer;
    const undoSync = await undoRequest(plan, desk.reportDir, { lang, batchId: desk.board.newBatchId() });
    if (undoSync === null) return { ...answer, batchId: null } satisfies UndoAnswer;
    if (!body.confirm) {
      const guard = await guardSheet(undoSync.file, desk);
      if (guard.held) return reply.code(409).send({ ...answer, batchId: null, guard } satisfies UndoAnswer);
    }
    // As the CLI's undo does: what it left alone, beside the new batch's reports (its folder holds
    // nothing else until the batch writes them; a folder without summary.json is listed as no batch).
    const reportDir = join(desk.reportDir, undoSync.batchId!);
    await mkdir(reportDir, { recursive: true });
    await writeUndoLeft(plan, reportDir, lang);
    desk.board.submit({ ...undoSync, batchId: undoSync.batchId!, source: undoSync.source! });
    return reply.code(202).send({ ...answer, batchId: undoSync.batchId! } satisfies UndoAnswer);
  });
}

function undoBody(request: FastifyRequest): UndoBody {
  const body = (request.body ?? {}) as Record<string, unknown>;
  const flag = (name: string): boolean => {
    const value = body[name] ?? false;
    if (typeof value !== 'boolean') throw new RequestError(400, `${name}: expected true or false`);
    return value;
  };
  const include = body.include ?? [];
  if (!Array.isArray(include) || !include.every((id) => Number.isSafeInteger(id) && (id as number) > 0))
    throw new RequestError(400, 'include: expected a list of product_ids');
  return {
    dryRun: flag('dryRun'),
    confirm: flag('confirm'),
    options: { include: new Set(include as number[]), includeChanged: flag('includeChanged') },
  };
}
