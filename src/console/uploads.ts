/**
 * Uploaded sheets, streamed to disk as they arrive (never whole in memory) under
 * `<report-dir>/uploads/<upload-id>/<name>`, where batches read them as `import` reads a file.
 * The size limit is enforced while streaming: past it the part is dropped and the request is 413.
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import type { Lang } from '../messages/index.ts';
import type { SheetFileError } from '../sheet/index.ts';
import { RequestError } from './request-error.ts';
import { requestLang } from './request-lang.ts';
import { UPLOAD_TEXTS, type UploadTexts } from '../messages/console.ts';

export interface StoredUpload {
  uploadId: string;
  /** The file name as sent, made safe for a file system. */
  name: string;
  path: string;
  bytes: number;
}

/**
 * A sheet that cannot be read, as the 422 a person reads: in their language, the file named as
 * they sent it (never the upload's path on the server).
 */
export function unreadableUpload(error: SheetFileError, upload: StoredUpload, lang: Lang): RequestError {
  return new RequestError(422, error.textIn(lang, upload.name).replaceAll(upload.path, upload.name));
}

/** 64 MiB: a 100,000-row XLSX with Arabic text is about 10 MiB; CSV a little more. */
export const DEFAULT_UPLOAD_LIMIT_BYTES = 64 * 1024 * 1024;

const UPLOAD_ID = /^u-[0-9a-f]{16}$/;

export function uploadsDir(reportDir: string): string {
  return join(reportDir, 'uploads');
}

/** Keeps letters (Arabic too), digits, `.`, `-`, `_`; no path, no leading dot. */
export function safeFileName(sent: string): string {
  const last = sent.split(/[\\/]/).pop() ?? '';
  const cleaned = last
    .normalize('NFC')
    .replace(/[^\p{L}\p{N}._-]+/gu, '_')
    .replace(/^[._]+/, '')
    .slice(-120);
  return cleaned === '' ? 'sheet' : cleaned;
}

/** The path of an earlier upload, or null when the id names none. */
export async function findUpload(reportDir: string, uploadId: string, name: string): Promise<string | null> {
  if (!UPLOAD_ID.test(uploadId)) return null;
  const path = join(uploadsDir(reportDir), uploadId, safeFileName(name));
  try {
    return (await stat(path)).isFile() ? path : null;
  } catch {
    return null;
  }
}

/**
 * Reads a multipart request: its one `file` part goes to disk, its text fields are returned.
 * Throws RequestError (4xx with a message for the person) for anything but one file within the limit:
 * what a person on the page can meet (an empty or too large file) in the request's language, what
 * only a script can get wrong in English.
 */
export async function receiveMultipart(
  request: FastifyRequest,
  reportDir: string,
  limitBytes: number,
): Promise<{ upload: StoredUpload | null; fields: Record<string, string> }> {
  const say = UPLOAD_TEXTS[requestLang(request)];
  const fields: Record<string, string> = {};
  let upload: StoredUpload | null = null;
  let dir: string | null = null;
  try {
    for await (const part of request.parts({
      limits: { fileSize: limitBytes, files: 1, fields: 20, fieldSize: 1024 },
    })) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== 'file') {
        part.file.resume();
        throw new RequestError(400, `unexpected file field "${part.fieldname}": send the sheet as "file"`);
      }
      const uploadId = `u-${randomBytes(8).toString('hex')}`;
      const name = safeFileName(part.filename);
      dir = join(uploadsDir(reportDir), uploadId);
      await mkdir(dir, { recursive: true });
      const path = join(dir, name);
      await pipeline(part.file, createWriteStream(path, { flags: 'wx' }));
      if (part.file.truncated) throw tooLarge(say, limitBytes);
      upload = { uploadId, name, path, bytes: (await stat(path)).size };
    }
  } catch (error) {
    if (dir) await rm(dir, { recursive: true, force: true });
    if (error instanceof RequestError) throw error;
    const e = error as { code?: string; statusCode?: number; message?: string };
    if (e.code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(say, limitBytes);
    if (e.code === 'FST_FILES_LIMIT') throw new RequestError(400, 'send one sheet per request');
    if (e.code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
      throw new RequestError(415, 'send the sheet as multipart/form-data with a "file" field');
    throw new RequestError(400, say.unreadable(e.message ?? 'broken multipart body'));
  }
  if (upload?.bytes === 0) {
    await rm(join(uploadsDir(reportDir), upload.uploadId), { recursive: true, force: true });
    throw new RequestError(400, say.empty(upload.name));
  }
  return { upload, fields };
}

function tooLarge(say: UploadTexts, limitBytes: number): RequestError {
  return new RequestError(413, say.tooLarge(limitBytes));
}

/** The sheet of an earlier upload by its id alone (its folder holds the one file), or null. */
export async function uploadById(reportDir: string, uploadId: string): Promise<StoredUpload | null> {
  if (!UPLOAD_ID.test(uploadId)) return null;
  const dir = join(uploadsDir(reportDir), uploadId);
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return null;
  }
  if (names.length !== 1) return null;
  const name = names[0]!;
  const path = join(dir, name);
  const info = await stat(path);
  return info.isFile() ? { uploadId, name, path, bytes: info.size } : null;
}
