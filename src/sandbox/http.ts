/**
 * The reference's response shapes and the small HTTP chores of the sandbox (reading a body,
 * sending JSON). Route handlers return a Reply; only the server writes to sockets.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

export interface Reply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/** The store's error body: `{status, error, messages: {status: false, message}}`. */
export function storeError(status: number, message: string): Reply {
  return { status, body: { status, error: status, messages: { status: false, message } } };
}

export const ACCESS_DENIED = 'Access denied';
export const INVALID_ACCESS = 'Invalid Access!';
export const TOO_MANY_REQUESTS = 'Too many requests';

export function tooManyRequests(retryAfterSeconds: number): Reply {
  return { ...storeError(429, TOO_MANY_REQUESTS), headers: { 'retry-after': String(retryAfterSeconds) } };
}

export const STATUS_TEXT: Record<number, string> = {
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

/** Bodies beyond this are refused (with the store's generic answer) instead of buffered. */
export const MAX_BODY_BYTES = 5 * 1024 * 1024;

/** The raw body, or undefined when it exceeded MAX_BODY_BYTES. */
export function readBody(req: IncomingMessage): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooBig = false;
    let ended = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) tooBig = true;
      else chunks.push(chunk);
    });
    req.on('end', () => {
      ended = true;
      resolve(tooBig ? undefined : chunks.length === 1 ? chunks[0] : Buffer.concat(chunks));
    });
    req.on('error', reject);
    // A client that goes away mid-body: settle, so the request is not left pending forever.
    req.on('close', () => {
      if (!ended) reject(new Error('request closed before its body ended'));
    });
  });
}

export type ParsedBody = { ok: true; value: Record<string, unknown>; raw: unknown } | { ok: false };

/** An empty body is `{}`; anything but a JSON object is refused. */
export function parseJsonObject(raw: Buffer | undefined): ParsedBody {
  if (raw === undefined) return { ok: false };
  if (raw.length === 0) return { ok: true, value: {}, raw: undefined };
  let value: unknown;
  try {
    value = JSON.parse(raw.toString('utf8'));
  } catch {
    return { ok: false };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { ok: false };
  return { ok: true, value: value as Record<string, unknown>, raw: value };
}

export function send(res: ServerResponse, reply: Reply): void {
  const payload = JSON.stringify(reply.body);
  res.writeHead(reply.status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(payload),
    ...reply.headers,
  });
  res.end(payload);
}

/** The token from `Authorization-Jwt: <token>` or `Authorization-Jwt: Jwt <token>`. */
export function tokenFrom(req: IncomingMessage): string | undefined {
  const header = req.headers['authorization-jwt'];
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return undefined;
  const token = value.trim().replace(/^Jwt\s+/i, '');
  return token === '' ? undefined : token;
}
