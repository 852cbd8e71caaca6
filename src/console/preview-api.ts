/**
 * `GET /api/uploads/{id}/preview`: what syncing an uploaded sheet would do, row by row and field
 * by field, before anything is sent: the upload's plan (upload-plan.ts), made once as it arrived.
 * Each row is a create, update or status change with each changed field (`before` is the value
 * catalog-sync last sent the product; null and `seen: false` for a product it never sent), or
 * unchanged, skipped or invalid with the outcome and reason the sync reports for it. Not a read
 * of the store: its API has no product read.
 */
import type { FastifyInstance } from 'fastify';
import { textOf, type Lang } from '../messages/index.ts';
import type { Category } from '../api-types.ts';
import { SheetFileError } from '../sheet/index.ts';
import type { RowChange } from '../sync/plan-row.ts';
import { deskOf } from './desks.ts';
import { unreadableUpload, uploadById } from './uploads.ts';
import { pageQuery } from './page-query.ts';
import { requestLang } from './request-lang.ts';
import { keptMapping } from './upload-mapping.ts';
import { planPage, planUpload } from './upload-plan.ts';
import type { ChangePage } from './answers/preview.ts';

export function registerPreviewApi(app: FastifyInstance): void {
  app.get<{ Params: { id: string }; Querystring: { offset?: string; limit?: string; lang?: string } }>(
    '/uploads/:id/preview',
    async (request, reply) => {
      const desk = deskOf(request);
      const upload = await uploadById(desk.reportDir, request.params.id);
      if (!upload) return reply.code(404).send({ error: `no upload ${request.params.id.slice(0, 40)}` });
      const { offset, limit } = pageQuery(request.query);
      const lang = requestLang(request);
      try {
        // An upload kept by an earlier version has no plan yet: made now, once.
        const page =
          (await planPage(upload, offset, limit)) ??
          (await planUpload(upload, desk, lang, { columns: await keptMapping(upload) }).then(() =>
            planPage(upload, offset, limit),
          ));
        // Why a row sends nothing, in the language asked: the key and parameters say it in any.
        const rows = (page?.rows ?? []).map((change) =>
          change.message === undefined
            ? change
            : { ...change, message: textOf({ ...change, message: change.message }, lang) },
        );
        const categories = categoryNamesOf(rows, desk.categories.kept(), lang);
        const answer: ChangePage = {
          rows,
          total: page?.total ?? 0,
          offset,
          limit,
          ...(categories ? { categories } : {}),
        };
        return answer;
      } catch (error) {
        if (error instanceof SheetFileError) throw unreadableUpload(error, upload, lang);
        throw error;
      }
    },
  );
}

/** Fields whose values are category ids: the preview names each beside its id. */
const CATEGORY_FIELDS: ReadonlySet<string> = new Set(['category', 'sub_category']);

/**
 * The name of each category id the rows send, in the page's language, from the list the console
 * keeps (category-cache.ts: read when the upload named a category by its name); undefined when no
 * row sends one or no list is kept (the ids are shown alone: a preview asks the store nothing).
 */
function categoryNamesOf(
  rows: readonly RowChange[],
  list: readonly Category[] | null,
  lang: Lang,
): Record<string, string> | undefined {
  const ids = new Set<string>();
  for (const row of rows)
    for (const change of row.changes)
      for (const value of [change.before, change.after])
        if (CATEGORY_FIELDS.has(change.field) && typeof value === 'number') ids.add(String(value));
  if (ids.size === 0 || list === null) return undefined;
  const names: Record<string, string> = {};
  for (const c of list) {
    const id = String(c.category_id);
    if (ids.has(id)) names[id] = lang === 'ar' && c.category_name_ar ? c.category_name_ar : c.category_name;
  }
  return names;
}
