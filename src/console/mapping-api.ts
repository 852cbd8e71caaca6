/**
 * The mapping step's API (README, "Saved mappings"): `POST /uploads/{id}/mapping` plans an upload
 * again read with the mapping sent (and saves it for the store when named), and `/mappings`
 * lists, reads, saves and deletes the store's saved mappings (mappings.ts).
 */
import type { FastifyInstance } from 'fastify';
import { isLang } from '../messages/index.ts';
import { cleanHeader, columnMapFromRecord, headerKey, SheetFileError } from '../sheet/index.ts';
import { deskOf } from './desks.ts';
import { deleteMapping, listMappings, mappingsDir, readMapping, saveMapping } from './mappings.ts';
import { RequestError } from './request-error.ts';
import { requestLang } from './request-lang.ts';
import { answerUpload } from './upload-answer.ts';
import { readHead, type Columns } from './upload-mapping.ts';
import { readUploadPlan } from './upload-plan.ts';
import { unreadableUpload, uploadById } from './uploads.ts';
import type { MappingList } from './answers/mappings.ts';

interface MappingBody {
  columns?: unknown;
  /** Save the mapping for the store under this name. */
  save?: unknown;
  lang?: unknown;
}

/** `{"Header": "field" | null, ...}` from a request body, or a 400 saying what is expected. */
function columnsOf(value: unknown): Columns {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new RequestError(400, 'columns: expected {"Header": "field" or null, ...}');
  const columns: Columns = {};
  for (const [header, field] of Object.entries(value as Record<string, unknown>)) {
    if (field !== null && typeof field !== 'string')
      throw new RequestError(400, `columns."${header.slice(0, 60)}": expected a field name or null`);
    columns[header] = field === null || field.trim() === '' ? null : field;
  }
  return columns;
}

/**
 * The mapping sent, over every header of the sheet: a header not sent keeps the field the aliases
 * give it, a header the sheet does not have is left out. A saved map thus names the sheet's
 * header set, which is how the next upload of it is recognised.
 */
function completed(headers: readonly string[], fields: readonly (string | null)[], sent: Columns): Columns {
  const byKey = new Map(Object.entries(sent).map(([header, field]) => [headerKey(cleanHeader(header)), field]));
  const columns: Columns = {};
  headers.forEach((header, i) => {
    const key = headerKey(cleanHeader(header));
    if (key === '' || header in columns) return;
    columns[header] = byKey.has(key) ? byKey.get(key)! : (fields[i] ?? null);
  });
  return columns;
}

export function registerMappingApi(app: FastifyInstance): void {
  app.post<{ Params: { id: string }; Body: MappingBody }>('/uploads/:id/mapping', async (request, reply) => {
    const desk = deskOf(request);
    const upload = await uploadById(desk.reportDir, request.params.id);
    if (!upload) return reply.code(404).send({ error: `no upload ${request.params.id.slice(0, 40)}` });
    const body = request.body ?? {};
    const lang = isLang(body.lang) ? body.lang : requestLang(request);
    const sent = columnsOf(body.columns);
    let head;
    try {
      head = await readHead(upload.path, desk.maxTextLength, undefined);
    } catch (error) {
      if (error instanceof SheetFileError) throw unreadableUpload(error, upload, lang);
      throw error;
    }
    const columns = completed(head.headers, head.fields, sent);
    let saved: string | null = null;
    if (typeof body.save === 'string' && body.save.trim() !== '') {
      saved = (await saveMapping(mappingsDir(desk), body.save, columns)).name;
    } else {
      // Checked as --columns checks a map, before the sheet is planned with it.
      checkColumns(columns);
    }
    // Planned again as it was first: an upload sent as the whole catalog still retires what it no longer lists.
    const absent = (await readUploadPlan(upload))?.absent;
    return reply.code(200).send(await answerUpload(upload, desk, lang, { columns, saved }, absent));
  });

  app.get('/mappings', async (request): Promise<MappingList> => ({
    mappings: await listMappings(mappingsDir(deskOf(request))),
  }));

  app.get<{ Params: { name: string } }>('/mappings/:name', async (request, reply) => {
    const found = await readMapping(mappingsDir(deskOf(request)), request.params.name);
    return found ?? reply.code(404).send({ error: 'no saved mapping of that name' });
  });

  app.put<{ Params: { name: string }; Body: MappingBody }>('/mappings/:name', async (request) => {
    const body = request.body ?? {};
    return saveMapping(mappingsDir(deskOf(request)), request.params.name, columnsOf(body.columns));
  });

  app.delete<{ Params: { name: string } }>('/mappings/:name', async (request, reply) => {
    const gone = await deleteMapping(mappingsDir(deskOf(request)), request.params.name);
    return gone ? reply.code(204).send() : reply.code(404).send({ error: 'no saved mapping of that name' });
  });
}

function checkColumns(columns: Columns): void {
  try {
    columnMapFromRecord('columns', columns);
  } catch (error) {
    if (error instanceof SheetFileError) throw new RequestError(400, error.message);
    throw error;
  }
}
