/**
 * The HTTP API the page uses and agencies can script (README, "Console"): uploads, batches, their
 * live progress, report files and re-runs. Every route is behind the login (server.ts) and acts
 * on one store (scope.ts: `/api/...` or `/api/stores/{id}/...`), whose desk it answers from.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { buildRerunRequest, checkRerunStore, RerunError, resolveRerunTarget } from '../intake/rerun.ts';
import { OtherStoreError } from '../sync/batch-store.ts';
import { DEFAULT_KEY_COLUMN } from '../ledger/rules.ts';
import { headerFileError, openSheets, SheetFileError, type OpenedSheet } from '../sheet/index.ts';
import type { AbsentSetting } from '../sync/retire.ts';
import type { SyncRequest } from '../sync/types.ts';
import { streamKeyOf } from './auth.ts';
import { batchOr404, type BatchParams } from './batch-route.ts';
import type { BatchBoard, BatchView } from './board.ts';
import { deskOf } from './desks.ts';
import { answerUpload } from './upload-answer.ts';
import { keptMapping, readHead, type Columns } from './upload-mapping.ts';
import { mappingFor, mappingsDir, type SavedMapping } from './mappings.ts';
import type { StoreDesk } from './desk.ts';
import { planIsCurrent, readUploadPlan, type UploadPlan } from './upload-plan.ts';
import type { EventStreams } from './event-streams.ts';
import { registerRowsApi } from './rows-api.ts';
import { requestLang } from './request-lang.ts';
import { isLang, type Lang } from '../messages/index.ts';
import { registerFixApi } from './fix-api.ts';
import { guardSheet } from './guard-check.ts';
import { registerPreviewApi } from './preview-api.ts';
import { registerReconcileApi } from './reconcile-api.ts';
import { storeRefusalText } from './store-refusal.ts';
import { registerUndoApi } from './undo-api.ts';
import { RequestError } from './request-error.ts';
import { findUpload, receiveMultipart, unreadableUpload, type StoredUpload } from './uploads.ts';
import { registerMappingApi } from './mapping-api.ts';
import type { BatchAnswer, RerunStarted, SheetBatchStarted } from './answers/batch.ts';

export interface ApiDeps {
  uploadLimitBytes: number;
  /** The live progress streams open, capped per login and in all (every store's together). */
  streams: EventStreams;
}

/** The only files served from a batch's folder: a name from the request is looked up here, never joined. */
export const REPORT_FILES: Readonly<Record<string, string>> = {
  'results.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'results.csv': 'text/csv; charset=utf-8',
  'failed.csv': 'text/csv; charset=utf-8',
  'summary.json': 'application/json; charset=utf-8',
  // An undo's products left alone (app/undo.ts writeUndoLeft).
  'undo-left.csv': 'text/csv; charset=utf-8',
};

/** What the API answers for a batch: summary.json's fields once done, with the live ones over them. */
export function batchJson(view: BatchView): BatchAnswer {
  const { summary, ...live } = view;
  return { ...(summary ?? {}), ...live };
}

/** Routes are relative to the store's scope (scope.ts), e.g. `/batches` is `/api/batches`. */
export function registerApi(app: FastifyInstance, deps: ApiDeps): void {
  registerSubmit(app, deps);
  registerBatchReads(app, deps);
  registerRerun(app);
  registerRowsApi(app);
  registerFixApi(app);
  registerPreviewApi(app);
  registerReconcileApi(app);
  registerUndoApi(app);
  registerMappingApi(app);
}

/** A sheet in: uploaded and planned (POST /uploads), or sent as a batch (POST /batches). */
function registerSubmit(app: FastifyInstance, deps: ApiDeps): void {
  app.post('/uploads', async (request, reply) => {
    const desk = deskOf(request);
    const { upload, fields } = await receiveMultipart(request, desk.reportDir, deps.uploadLimitBytes);
    if (!upload) throw new RequestError(400, 'no file: send the sheet as the "file" field');
    const lang = isLang(fields.lang) ? fields.lang : requestLang(request);
    return reply.code(201).send(await answerUpload(upload, desk, lang, undefined, absentOf(fields)));
  });

  app.post('/batches', async (request, reply) => {
    const desk = deskOf(request);
    const { board, reportDir, maxTextLength } = desk;
    let fields: Record<string, unknown>;
    let file: { path: string; name: string };
    let planned: UploadPlan | null = null;
    let columns: Columns | undefined;
    let mappingUsed: string | null | undefined;
    if (request.isMultipart()) {
      const received = await receiveMultipart(request, reportDir, deps.uploadLimitBytes);
      if (!received.upload) throw new RequestError(400, 'no file: send the sheet as the "file" field');
      fields = received.fields;
      file = received.upload;
      const lang = isLang(fields.lang) ? fields.lang : requestLang(request);
      // As an upload is: a saved mapping made for the same headers reads the sheet.
      const saved = await savedMapping(received.upload, desk, lang);
      columns = saved?.columns;
      mappingUsed = saved?.name ?? null;
      // A file that cannot be read, or whose header stops it, is refused here, not left to fail as a batch.
      await checkOpens(received.upload, maxTextLength, lang, columns);
    } else {
      fields = (request.body ?? {}) as Record<string, unknown>;
      const uploadId = stringField(fields, 'upload');
      const name = stringField(fields, 'name');
      const path = uploadId && name ? await findUpload(reportDir, uploadId, name) : null;
      if (!path)
        throw new RequestError(400, 'send a sheet as multipart "file", or {"upload", "name"} of an earlier upload');
      file = { path, name: name! };
      planned = await readUploadPlan({ uploadId: uploadId!, name: name!, path, bytes: 0 });
      // The mapping the person chose (or a saved one picked) reads the sheet for the batch too.
      columns = await keptMapping({ uploadId: uploadId!, path });
    }
    const { confirm, ...options } = batchOptions({ ...(request.query as Record<string, unknown>), ...fields });
    // A dry run sends nothing: nothing to hold. Otherwise a sheet that would lower prices sharply
    // or change most of the store (retiring included) is held until the person confirms it (sync/guard.ts).
    if (!options.dryRun && !confirm) {
      // The upload's plan holds the verdict, unless a batch has changed the records since (or it
      // was planned with another absentStatus).
      const guard =
        planned && (await planIsCurrent(planned, desk, options.absent))
          ? planned.guard
          : await guardSheet(file.path, desk, { absent: options.absent, columns });
      if (guard.held) return reply.code(409).send({ guard });
    }
    // The report's row messages are in the person's language (the page's choice, or the browser's).
    const lang = isLang(fields.lang) ? fields.lang : requestLang(request);
    const batchId = board.newBatchId();
    board.submit({
      ...options,
      ...(lang === 'en' ? {} : { lang }),
      file: file.path,
      ...(columns === undefined ? {} : { columns }),
      batchId,
      source: `upload:${file.name}`,
    });
    return reply
      .code(202)
      .send({ batchId, ...(mappingUsed === undefined ? {} : { mappingUsed }) } satisfies SheetBatchStarted);
  });
}

/** A batch read: the list, one batch, its live progress and its report files. */
function registerBatchReads(app: FastifyInstance, deps: ApiDeps): void {
  app.get('/batches', async (request) => (await deskOf(request).board.list()).map(batchJson));

  app.get<{ Params: BatchParams }>('/batches/:id', async (request, reply) => {
    const view = await batchOr404(request, reply);
    return view ? batchJson(view) : reply;
  });

  app.get<{ Params: BatchParams }>('/batches/:id/events', async (request, reply) => {
    const view = await batchOr404(request, reply);
    if (!view) return reply;
    const admission = deps.streams.admit(streamKeyOf(request));
    if (!admission.ok)
      return reply.code(admission.status).header('retry-after', '5').send({ error: admission.message });
    streamProgress(deskOf(request).board, view, reply, admission.release);
    return reply;
  });

  app.get<{ Params: BatchParams & { name: string } }>('/batches/:id/files/:name', async (request, reply) => {
    const view = await batchOr404(request, reply);
    if (!view) return reply;
    const name = Object.keys(REPORT_FILES).find((known) => known === request.params.name);
    if (!name)
      return reply.code(404).send({ error: `no such report file; one of ${Object.keys(REPORT_FILES).join(', ')}` });
    const path = join(deskOf(request).reportDir, view.batchId, name);
    const size = await stat(path).then(
      (s) => (s.isFile() ? s.size : null),
      () => null,
    );
    if (size === null) return reply.code(404).send({ error: `${name} is not written yet (batch ${view.status})` });
    return reply
      .type(REPORT_FILES[name]!)
      .header('content-length', size)
      .header('content-disposition', `attachment; filename="${view.batchId}-${name}"`)
      .send(createReadStream(path));
  });
}

/** A done batch's failed rows sent again, as a new batch. */
function registerRerun(app: FastifyInstance): void {
  app.post<{ Params: BatchParams }>('/batches/:id/rerun', async (request, reply) => {
    const view = await batchOr404(request, reply);
    if (!view) return reply;
    const { board, reportDir } = deskOf(request);
    if (view.status !== 'done') return reply.code(409).send({ error: `batch ${view.batchId} is ${view.status}` });
    try {
      const target = await resolveRerunTarget(view.batchId, reportDir);
      // Consoles of several stores may share a report folder: only this store's batches re-run here.
      // A report that names no store is refused in the operator's words below, not the CLI's flag.
      checkRerunStore(target, { configured: board.store, allowUnrecorded: false, override: '' });
      const plan = await buildRerunRequest(target, {
        includeUnknown: false,
        resendUnknownCreates: false,
        keyColumn: DEFAULT_KEY_COLUMN,
      });
      if (!plan.request) return reply.code(409).send({ error: `batch ${view.batchId} has no failed rows to re-run` });
      const batchId = board.newBatchId();
      board.submit({ ...plan.request, batchId, source: plan.request.source ?? `rerun:${view.batchId}` });
      // Invalid rows are not re-sent: they need a fix in failed.csv first (upload it fixed).
      return reply.code(202).send({ batchId, invalidRows: plan.invalidRows } satisfies RerunStarted);
    } catch (error) {
      if (error instanceof RerunError) return reply.code(409).send({ error: error.message });
      if (error instanceof OtherStoreError)
        return reply.code(409).send({
          error: storeRefusalText(error, 'rerun', view.batchId, board.store, request),
          batchStore: error.batchStore,
          store: board.store,
        });
      throw error;
    }
  });
}

/** The store's saved mapping made for the sheet's header set, or null (the aliases read it). */
async function savedMapping(upload: StoredUpload, desk: StoreDesk, lang: Lang): Promise<SavedMapping | null> {
  let headers: string[];
  try {
    ({ headers } = await readHead(upload.path, desk.maxTextLength, undefined));
  } catch (error) {
    if (error instanceof SheetFileError) throw unreadableUpload(error, upload, lang);
    throw error;
  }
  return mappingFor(mappingsDir(desk), headers);
}

/** Opens the sheet (its header, not its rows): what `import` refuses before sending anything is a 422 here. */
async function checkOpens(
  upload: StoredUpload,
  maxTextLength: number,
  lang: Lang,
  columns: Columns | undefined,
): Promise<void> {
  let sheets: OpenedSheet[];
  try {
    sheets = await openSheets(upload.path, { maxTextLength, ...(columns === undefined ? {} : { columns }) });
  } catch (error) {
    if (error instanceof SheetFileError) throw unreadableUpload(error, upload, lang);
    throw error;
  }
  await Promise.all(sheets.map((sheet) => sheet.close()));
  const errors = sheets.flatMap((sheet) => sheet.headerIssues.filter((issue) => issue.severity === 'error'));
  if (errors.length > 0) throw unreadableUpload(headerFileError(upload.path, errors), upload, lang);
}

function stringField(fields: Record<string, unknown>, name: string): string | undefined {
  const value = fields[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/**
 * `absentStatus`: the sheet is the whole catalog, and the products of the store's records it no
 * longer lists get this product_status (sync/retire.ts); a whole number, else a 400 naming it.
 */
function absentOf(fields: Record<string, unknown>): AbsentSetting | undefined {
  const text = textOf(fields.absentStatus);
  if (text === undefined || text === '') return undefined;
  const status = Number(text);
  if (!/^\d+$/.test(text.trim()) || !Number.isSafeInteger(status))
    throw new RequestError(
      400,
      `absentStatus: expected a whole number (the product_status to set), got "${text.slice(0, 20)}"`,
    );
  return { status };
}

/** dryRun, mode, absentStatus and confirm, from form fields or the query string; anything else is a 400 naming it. */
function batchOptions(
  fields: Record<string, unknown>,
): Pick<SyncRequest, 'dryRun' | 'ledger' | 'absent'> & { confirm: boolean } {
  const dryRun = textOf(fields.dryRun) ?? 'false';
  if (dryRun !== 'true' && dryRun !== 'false')
    throw new RequestError(400, `dryRun: expected true or false, got "${dryRun.slice(0, 20)}"`);
  const confirm = textOf(fields.confirm) ?? 'false';
  if (confirm !== 'true' && confirm !== 'false')
    throw new RequestError(400, `confirm: expected true or false, got "${confirm.slice(0, 20)}"`);
  const mode = textOf(fields.mode) ?? 'full';
  if (mode !== 'delta' && mode !== 'full')
    throw new RequestError(400, `mode: expected delta or full, got "${mode.slice(0, 20)}"`);
  const absent = absentOf(fields);
  return {
    confirm: confirm === 'true',
    ...(dryRun === 'true' ? { dryRun: true } : {}),
    ledger: { mode, keyColumn: DEFAULT_KEY_COLUMN, retryUnknown: false },
    ...(absent === undefined ? {} : { absent }),
  };
}

/** A form field or JSON value as text: JSON may send `true` where a form sends "true". */
function textOf(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  return typeof value === 'string' || typeof value === 'boolean' ? String(value) : JSON.stringify(value);
}

/** Server-sent events: a `progress` event on each change (at most 4 a second) and at least every second, then `end`. */
function streamProgress(board: BatchBoard, first: BatchView, reply: FastifyReply, release: () => void): void {
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  let latest = first;
  let sentAt = 0;
  let closed = false;
  const send = (): void => {
    if (closed) return;
    sentAt = Date.now();
    raw.write(`event: progress\ndata: ${JSON.stringify(batchJson(latest))}\n\n`);
    if (latest.status === 'done' || latest.status === 'failed') finish();
  };
  const finish = (): void => {
    if (closed) return;
    raw.write(`event: end\ndata: ${JSON.stringify({ batchId: latest.batchId, status: latest.status })}\n\n`);
    cleanup();
    raw.end();
  };
  const unwatch = board.watch(first.batchId, (view) => {
    latest = view;
    const ended = view.status === 'done' || view.status === 'failed';
    if (ended || Date.now() - sentAt >= 250) send();
  });
  // Asked again each second, so a batch that ended between the first read and the watch still ends here.
  const timer = setInterval(() => {
    void board.get(first.batchId).then((view) => {
      if (view) latest = view;
      send();
    });
  }, 1000);
  const cleanup = (): void => {
    closed = true;
    clearInterval(timer);
    unwatch();
    release();
  };
  raw.on('close', cleanup);
  send();
}
