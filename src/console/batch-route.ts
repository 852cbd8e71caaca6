/** The batch a store-scoped route names (`/batches/:id/...`), shared by the API's route files. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isValidBatchId } from '../sync/batch-id.ts';
import type { BatchView } from './board.ts';
import { deskOf } from './desks.ts';

export interface BatchParams {
  id: string;
}

/**
 * The batch a route names, from its store's board: a batch of another store is no batch here
 * (404), an id that is not one a 400. Null once answered.
 */
export async function batchOr404(
  request: FastifyRequest<{ Params: BatchParams }>,
  reply: FastifyReply,
): Promise<BatchView | null> {
  const id = request.params.id;
  if (!isValidBatchId(id)) {
    await reply.code(400).send({ error: `"${id.slice(0, 100)}" is not a batch id` });
    return null;
  }
  const view = await deskOf(request).board.get(id);
  if (!view) await reply.code(404).send({ error: `no batch ${id}` });
  return view;
}
