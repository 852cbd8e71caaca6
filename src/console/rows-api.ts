/**
 * `GET /api/batches/{id}/rows`: the rows of a batch that need attention (or any outcomes asked),
 * with row number, outcome, message, the column at fault, what to do next and the row's cells
 * as the sheet had them, paged. Read from the batch's report (report/report-reader.ts), so a
 * finished batch answers the same after a restart.
 */
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { OUTCOMES, type Outcome } from '../outcome.ts';
import { readReportRows, type ReportedRow } from '../report/report-reader.ts';
import { batchOr404, type BatchParams } from './batch-route.ts';
import { deskOf } from './desks.ts';
import { pageQuery } from './page-query.ts';
import { requestLang } from './request-lang.ts';
import { rowMessages, type RowSaid } from './row-message.ts';
import { delimiterOf, type SheetShape } from './fix-rows.ts';
import { RequestError } from './request-error.ts';
import type { RowsPage, RowView } from './answers/rows.ts';

export type { RowView } from './answers/rows.ts';

export const DEFAULT_ROW_OUTCOMES: readonly Outcome[] = ['failed', 'invalid', 'unknown'];

interface RowsQuery {
  outcome?: string;
  offset?: string;
  limit?: string;
  lang?: string;
}

export function registerRowsApi(app: FastifyInstance): void {
  app.get<{ Params: BatchParams; Querystring: RowsQuery }>('/batches/:id/rows', async (request, reply) => {
    const view = await batchOr404(request, reply);
    if (!view) return reply;
    const outcomes = outcomesOf(request.query.outcome);
    const { offset, limit } = pageQuery(request.query);
    if (view.status !== 'done')
      return reply
        .code(409)
        .send({ error: `batch ${view.batchId} is ${view.status}: its rows are listed once it ends` });
    const lang = requestLang(request);
    const { reportDir, maxTextLength } = deskOf(request);
    const dir = join(reportDir, view.batchId);
    try {
      const page = await readReportRows(dir, { outcomes, offset, limit });
      const shape = async (): Promise<SheetShape> => ({
        headers: page.headers,
        delimiter: await delimiterOf(view.summary?.file, maxTextLength),
        kind: view.summary?.kind ?? 'products',
      });
      const said = await rowMessages(dir, page.rows, shape, maxTextLength, lang);
      const answer: RowsPage = {
        rows: page.rows.map((row, i) => rowView(row, said[i]!)),
        total: page.total,
        offset,
        limit,
      };
      return answer;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT')
        return reply.code(404).send({ error: `batch ${view.batchId} has no report to read rows from` });
      throw error;
    }
  });
}

export function rowView(row: ReportedRow, said: RowSaid): RowView {
  const hint = said.hint;
  return {
    row: row.row,
    outcome: row.outcome,
    message: said.message,
    column: said.column,
    ...(hint ? { hint } : {}),
    ...(said.code ? { code: said.code } : {}),
    cells: row.cells,
  };
}

function outcomesOf(text: string | undefined): Set<Outcome> {
  if (text === undefined || text.trim() === '') return new Set(DEFAULT_ROW_OUTCOMES);
  const asked = text.split(',').map((word) => word.trim());
  const unknown = asked.filter((word) => !(OUTCOMES as readonly string[]).includes(word));
  if (unknown.length > 0)
    throw new RequestError(400, `outcome: "${unknown[0]!.slice(0, 40)}" is not one of ${OUTCOMES.join(', ')}`);
  return new Set(asked as Outcome[]);
}
