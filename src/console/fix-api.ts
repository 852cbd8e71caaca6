/**
 * Fixing a batch's problem rows in the browser: `POST /api/batches/{id}/fix/check` checks the
 * rows as edited (200 with what is still wrong, nothing sent; the page calls it as each cell is
 * typed) and `POST /api/batches/{id}/fix` starts a batch of exactly those rows (202), or answers
 * 422 with what is still wrong and sends nothing. The new batch goes through the same engine and
 * ledger as any sync (a second create is still stopped), reports each row under the number the
 * person saw, and its summary names the batch it fixes (`fixes`).
 */
import { join } from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DEFAULT_KEY_COLUMN } from '../ledger/rules.ts';
import { OUTCOMES } from '../outcome.ts';
import { readReportRows, type ReportedRow } from '../report/report-reader.ts';
import type { BatchView } from './board.ts';
import { batchOr404, type BatchParams } from './batch-route.ts';
import { deskOf } from './desks.ts';
import { requestLang } from './request-lang.ts';
import { guardSheet } from './guard-check.ts';
import {
  checkFix,
  delimiterOf,
  fixBody,
  writeFixSheet,
  type FixProblem,
  type FixRow,
  type SheetShape,
} from './fix-rows.ts';
import type { BatchStarted } from './answers/batch.ts';
import type { FixCheckAnswer } from './answers/fix.ts';

interface Checked {
  rows: FixRow[];
  confirm: boolean;
  shape: SheetShape;
  problems: FixProblem[];
  cells: string[][];
}

export function registerFixApi(app: FastifyInstance): void {
  app.post<{ Params: BatchParams }>('/batches/:id/fix/check', async (request, reply) => {
    const view = await batchOr404(request, reply);
    if (!view) return reply;
    const checked = await checkRequest(request, view);
    if ('error' in checked) return reply.code(409).send(checked);
    return { rows: checked.problems } satisfies FixCheckAnswer;
  });

  app.post<{ Params: BatchParams }>('/batches/:id/fix', async (request, reply) => {
    const view = await batchOr404(request, reply);
    if (!view) return reply;
    const checked = await checkRequest(request, view);
    if ('error' in checked) return reply.code(409).send(checked);
    if (checked.problems.length > 0) return reply.code(422).send({ rows: checked.problems } satisfies FixCheckAnswer);
    const desk = deskOf(request);
    const { board, reportDir } = desk;
    const file = await writeFixSheet(reportDir, view.batchId, checked.shape, checked.rows, checked.cells);
    if (!checked.confirm) {
      const guard = await guardSheet(file, desk);
      if (guard.held) return reply.code(409).send({ guard });
    }
    const batchId = board.newBatchId();
    const lang = requestLang(request);
    board.submit({
      ...(lang === 'en' ? {} : { lang }),
      file,
      batchId,
      source: `fix:${view.batchId}`,
      fixes: view.batchId,
      ledger: { mode: 'full', keyColumn: DEFAULT_KEY_COLUMN, retryUnknown: false },
    });
    return reply.code(202).send({ batchId } satisfies BatchStarted);
  });
}

/** The request's rows checked against the batch's report; an error answer when the batch cannot be fixed. */
async function checkRequest(
  request: FastifyRequest<{ Params: BatchParams }>,
  view: BatchView,
): Promise<Checked | { error: string }> {
  const { rows, confirm } = fixBody(request.body);
  if (view.status !== 'done') return { error: `batch ${view.batchId} is ${view.status}: fix its rows once it ends` };
  const { reportDir, maxTextLength, board, categories } = deskOf(request);
  if (view.store !== null && view.store.url !== board.store.url)
    return { error: `batch ${view.batchId} went to another store (${view.store.url})` };
  let page;
  try {
    page = await readReportRows(join(reportDir, view.batchId), {
      outcomes: new Set(OUTCOMES),
      offset: 0,
      limit: rows.length,
      rows: new Set(rows.map((row) => row.row)),
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      return { error: `batch ${view.batchId} has no report to fix rows from` };
    throw error;
  }
  const reported = new Map<number, ReportedRow>(page.rows.map((row) => [row.row, row]));
  const shape: SheetShape = {
    headers: page.headers,
    delimiter: await delimiterOf(view.summary?.file, maxTextLength),
    kind: view.summary?.kind ?? 'products',
  };
  return {
    rows,
    confirm,
    shape,
    ...(await checkFix(rows, reported, shape, view.batchId, {
      maxTextLength,
      lang: requestLang(request),
      categories: categories.list,
    })),
  };
}
