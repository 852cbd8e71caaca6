/**
 * `GET /api/uploads/{id}/preview`: what syncing an uploaded sheet would change, row by row and
 * field by field, before anything is sent: create, update, status change, unchanged or invalid,
 * each changed field with the value catalog-sync last sent the product (`before`; null and
 * `seen: false` for a product it never sent). Not a read of the store: its API has no product read.
 */
import type { FastifyInstance } from 'fastify';
import { textOf } from '../messages/index.ts';
import { SheetFileError } from '../sheet/index.ts';
import type { RowChange } from '../sync/guard-changes.ts';
import { scanSheetChanges } from '../sync/guard-scan.ts';
import { deskOf } from './desks.ts';
import { unreadableUpload, uploadById } from './uploads.ts';
import { pageQuery } from './page-query.ts';
import { requestLang } from './request-lang.ts';

export function registerPreviewApi(app: FastifyInstance): void {
  app.get<{ Params: { id: string }; Querystring: { offset?: string; limit?: string; lang?: string } }>(
    '/uploads/:id/preview',
    async (request, reply) => {
      const desk = deskOf(request);
      const upload = await uploadById(desk.reportDir, request.params.id);
      if (!upload) return reply.code(404).send({ error: `no upload ${request.params.id.slice(0, 40)}` });
      const { offset, limit } = pageQuery(request.query);
      const lang = requestLang(request);
      const rows: RowChange[] = [];
      try {
        const total = await scanSheetChanges(
          upload.path,
          desk.lastSent,
          {
            maxTextLength: desk.maxTextLength,
            ledger: desk.ledger,
            wanted: (index) => index >= offset && index < offset + limit,
          },
          // Why a row sends nothing, in the language asked: the key and parameters say it in any.
          (change) =>
            rows.push(
              change.message === undefined
                ? change
                : { ...change, message: textOf({ ...change, message: change.message }, lang) },
            ),
        );
        return { rows, total, offset, limit };
      } catch (error) {
        if (error instanceof SheetFileError) throw unreadableUpload(error, upload, lang);
        throw error;
      }
    },
  );
}
